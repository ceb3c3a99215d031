/**
 * Is a geofence ring simple (issue 27: a self-intersecting polygon is refused)? A bow-tie or a
 * ring whose edges cross or fold back over each other has no clear inside: point-in-polygon
 * answers flip with the drawing order, so a vehicle would enter and leave a "zone" it never moved
 * across.
 *
 * A small check of our own rather than @turf/kinks: that package is not among the installed
 * dependencies (only a few @turf modules are), and the test is 40 lines of exact segment maths on
 * at most 200 points (O(n²) = 20,000 pairs, well under a millisecond). Coordinates are [lng, lat]
 * treated as a plane, which is exact for the crossing question at geofence sizes (a crossing is
 * a topological fact, unchanged by the small distortion of a local projection).
 */
export type LngLat = readonly [number, number];

/** Sign of the turn a → b → c: 1 left, -1 right, 0 collinear. */
function orient(a: LngLat, b: LngLat, c: LngLat): number {
  const v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/** c lies on segment ab (given a, b, c collinear). */
function onSegment(a: LngLat, b: LngLat, c: LngLat): boolean {
  return (
    Math.min(a[0], b[0]) <= c[0] &&
    c[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= c[1] &&
    c[1] <= Math.max(a[1], b[1])
  );
}

/** Segments ab and cd share at least one point (crossing, touching or overlapping). */
export function segmentsTouch(a: LngLat, b: LngLat, c: LngLat, d: LngLat): boolean {
  const o1 = orient(a, b, c),
    o2 = orient(a, b, d),
    o3 = orient(c, d, a),
    o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  );
}

const same = (p: LngLat, q: LngLat) => p[0] === q[0] && p[1] === q[1];

/**
 * True when the ring (closed or not: a last point equal to the first is dropped) is not a simple
 * polygon: two non-neighbouring edges share a point, two neighbouring edges fold back over each
 * other, a vertex repeats, or fewer than three distinct corners remain.
 */
export function ringSelfIntersects(ring: readonly LngLat[]): boolean {
  const pts = ring.length > 1 && same(ring[0], ring[ring.length - 1]) ? ring.slice(0, -1) : ring.slice();
  const n = pts.length;
  if (n < 3) return true;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (same(pts[i], pts[j])) return true;
  const edge = (i: number): [LngLat, LngLat] => [pts[i], pts[(i + 1) % n]];
  for (let i = 0; i < n; i++) {
    const [a, b] = edge(i);
    // Neighbour (b → c): folds back when collinear and pointing back along ab.
    const c = pts[(i + 2) % n];
    if (orient(a, b, c) === 0 && (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) < 0) return true;
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // the last edge is the first one's other neighbour
      const [d, e] = edge(j);
      if (segmentsTouch(a, b, d, e)) return true;
    }
  }
  return false;
}
