import { describe, expect, it } from 'vitest';
import { ringSelfIntersects, segmentsTouch, type LngLat } from './polygon';

/** Dubai Marina-sized rings ([lng, lat]). */
const square: LngLat[] = [
  [55.13, 25.07],
  [55.15, 25.07],
  [55.15, 25.09],
  [55.13, 25.09],
];

describe('ringSelfIntersects', () => {
  it('simple rings pass: square (open or closed), triangle, a concave L, either winding', () => {
    expect(ringSelfIntersects(square)).toBe(false);
    expect(ringSelfIntersects([...square, square[0]])).toBe(false);
    expect(ringSelfIntersects([...square].reverse())).toBe(false);
    expect(
      ringSelfIntersects([
        [55.1, 25.1],
        [55.2, 25.1],
        [55.15, 25.2],
      ]),
    ).toBe(false);
    expect(
      ringSelfIntersects([
        [0, 0],
        [2, 0],
        [2, 1],
        [1, 1],
        [1, 2],
        [0, 2],
      ]),
    ).toBe(false);
  });
  it('a bow-tie (two corners swapped) is refused', () => {
    expect(ringSelfIntersects([square[0], square[2], square[1], square[3]])).toBe(true);
    expect(
      ringSelfIntersects([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ]),
    ).toBe(true);
  });
  it('a ring touching itself at a vertex, folding back, repeating a point, or flat is refused', () => {
    // Figure-eight through a shared point (2,1) on a non-neighbouring edge.
    expect(
      ringSelfIntersects([
        [0, 0],
        [2, 1],
        [4, 0],
        [4, 2],
        [2, 1],
        [0, 2],
      ]),
    ).toBe(true);
    // A spike folding back along the first edge.
    expect(
      ringSelfIntersects([
        [0, 0],
        [2, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toBe(true);
    expect(
      ringSelfIntersects([
        [0, 0],
        [1, 0],
        [1, 0],
        [0, 1],
      ]),
    ).toBe(true);
    expect(
      ringSelfIntersects([
        [0, 0],
        [1, 0],
        [2, 0],
      ]),
    ).toBe(true);
    expect(
      ringSelfIntersects([
        [0, 0],
        [1, 1],
      ]),
    ).toBe(true);
  });
  it('a long ring crossing itself only near its end is found', () => {
    const ring: LngLat[] = Array.from(
      { length: 100 },
      (_, i) => [Math.cos((i / 100) * 2 * Math.PI), Math.sin((i / 100) * 2 * Math.PI)] as LngLat,
    );
    expect(ringSelfIntersects(ring)).toBe(false);
    const crossed = ring.slice();
    [crossed[97], crossed[98]] = [crossed[98], crossed[97]];
    expect(ringSelfIntersects(crossed)).toBe(true);
  });
});

describe('segmentsTouch', () => {
  it('crossing, touching at an end, collinear overlap, parallel apart', () => {
    expect(segmentsTouch([0, 0], [2, 2], [0, 2], [2, 0])).toBe(true);
    expect(segmentsTouch([0, 0], [1, 0], [1, 0], [2, 1])).toBe(true);
    expect(segmentsTouch([0, 0], [2, 0], [1, 0], [3, 0])).toBe(true);
    expect(segmentsTouch([0, 0], [1, 0], [2, 0], [3, 0])).toBe(false);
    expect(segmentsTouch([0, 0], [1, 0], [0, 1], [1, 1])).toBe(false);
  });
});
