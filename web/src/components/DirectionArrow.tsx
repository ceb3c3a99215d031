/**
 * An arrow that points along the reading direction: `back` points to where the line starts
 * (left in English, right in Arabic), `forward` to where it ends (a "from → to" range). Unicode
 * arrows are not mirrored by the bidi algorithm, so a literal "←" keeps pointing left in Arabic;
 * this draws one arrow and flips it under `dir="rtl"`.
 */
export function DirectionArrow({ direction, className = '' }: { direction: 'back' | 'forward'; className?: string }) {
  return (
    <span aria-hidden="true" data-arrow={direction} className={`inline-block rtl:-scale-x-100 ${className}`}>
      {direction === 'back' ? '←' : '→'}
    </span>
  );
}
