import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DirectionArrow } from './DirectionArrow';

const WEB_SRC = join(__dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('direction arrows', () => {
  it('flip in right-to-left and are hidden from screen readers', () => {
    const { container } = render(<DirectionArrow direction="back" />);
    const arrow = container.querySelector('[data-arrow="back"]')!;
    expect(arrow.className).toContain('rtl:-scale-x-100');
    expect(arrow.getAttribute('aria-hidden')).toBe('true');
  });

  it('no screen prints a literal arrow glyph (it would point the wrong way in Arabic)', () => {
    const offenders = sources(WEB_SRC)
      .filter((f) => !f.endsWith('DirectionArrow.tsx'))
      .filter((f) => /[←→⟵⟶‹›]/.test(withoutComments(readFileSync(f, 'utf8'))))
      .map((f) => f.slice(WEB_SRC.length + 1));
    expect(offenders).toEqual([]);
  });
});
