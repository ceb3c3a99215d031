/**
 * A signature pad (the web kit): drawn with a pointer (mouse, finger, pen) on a white canvas, or
 * typed (keyboard users: the name is drawn in an italic face). `onChange` gets the PNG data URL
 * after each stroke, or null when cleared. Inspections and the rental contract use it.
 */
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { FormField } from './FormField';

export function SignaturePad({
  id,
  label,
  onChange,
}: {
  id: string;
  label: string;
  onChange: (dataUrl: string | null) => void;
}) {
  const t = useT();
  const ref = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [typed, setTyped] = useState('');
  const ctx = () => ref.current?.getContext('2d') ?? null;
  const clear = () => {
    const c = ctx();
    if (c && ref.current) {
      c.fillStyle = '#fff';
      c.fillRect(0, 0, ref.current.width, ref.current.height);
    }
    onChange(null);
  };
  useEffect(clear, []); // eslint-disable-line react-hooks/exhaustive-deps
  const pos = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const b = e.currentTarget.getBoundingClientRect();
    return [
      ((e.clientX - b.left) / b.width) * e.currentTarget.width,
      ((e.clientY - b.top) / b.height) * e.currentTarget.height,
    ] as const;
  };
  const done = () => {
    drawing.current = false;
    if (ref.current) onChange(ref.current.toDataURL('image/png'));
  };
  const type = (name: string) => {
    setTyped(name);
    clear();
    const c = ctx();
    if (!c || !name.trim()) return;
    c.fillStyle = '#0f172a';
    c.font = 'italic 32px serif';
    // From the pad's left edge whatever the page direction (an Arabic page would otherwise
    // right-align the name at x=16 and push it off the canvas).
    c.direction = 'ltr';
    c.textAlign = 'left';
    c.fillText(name, 16, 64);
    onChange(ref.current!.toDataURL('image/png'));
  };
  return (
    <div>
      <p className="mb-1 text-sm font-medium" id={`${id}-label`}>
        {label}
      </p>
      <canvas
        ref={ref}
        width={360}
        height={100}
        aria-labelledby={`${id}-label`}
        data-testid={id}
        className="w-full max-w-sm touch-none rounded border border-slate-300 bg-white dark:border-slate-700"
        onPointerDown={(e) => {
          drawing.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          const c = ctx();
          const [x, y] = pos(e);
          c?.beginPath();
          c?.moveTo(x, y);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const c = ctx();
          if (!c) return;
          const [x, y] = pos(e);
          c.strokeStyle = '#0f172a';
          c.lineWidth = 2.5;
          c.lineCap = 'round';
          c.lineTo(x, y);
          c.stroke();
        }}
        onPointerUp={done}
      />
      <div className="mt-1 flex flex-wrap items-end gap-2">
        <FormField id={`${id}-typed`} label={t('common.signature.typeName')}>
          <input className="field-input" value={typed} onChange={(e) => type(e.target.value)} />
        </FormField>
        <button
          type="button"
          className="btn-secondary text-xs"
          onClick={() => {
            setTyped('');
            clear();
          }}
        >
          {t('common.signature.clear')}
        </button>
      </div>
    </div>
  );
}
