/**
 * Dubai road polylines for the simulator (`npm run gps:simulate`), the demo history and the
 * map's road layer. Waypoints traced along the real roads' course ([lng, lat], WGS84), a few
 * hundred metres apart on straight stretches: Sheikh Zayed Road (E11) from the World Trade Centre
 * to Jebel Ali, Jumeirah Beach Road along the coast, and Airport Road from Deira to DXB.
 * Speeds are what a driver does there (km/h); `fast` marks a stretch where the simulated driver
 * speeds (SZR above the 120 km/h company limit) so the demo produces speeding.
 */
export interface DemoRoute {
  id: string;
  name: string;
  /** cruising speed, km/h */
  speedKmh: number;
  /** [from, to] as fractions of the route where the driver goes 135–145 km/h */
  fast?: [number, number];
  path: [number, number][];
}

export const DUBAI_ROUTES: DemoRoute[] = [
  {
    id: 'szr',
    name: 'Sheikh Zayed Road',
    speedKmh: 100,
    fast: [0.45, 0.8],
    path: [
      [55.2867, 25.2285],
      [55.2826, 25.2175],
      [55.2768, 25.211],
      [55.271, 25.2058],
      [55.264, 25.1995],
      [55.257, 25.193],
      [55.25, 25.1865],
      [55.243, 25.18],
      [55.2355, 25.172],
      [55.228, 25.164],
      [55.2215, 25.1545],
      [55.215, 25.145],
      [55.21, 25.135],
      [55.205, 25.125],
      [55.2006, 25.1181],
      [55.19, 25.1115],
      [55.18, 25.105],
      [55.1715, 25.1],
      [55.163, 25.095],
      [55.1575, 25.09],
      [55.152, 25.085],
      [55.147, 25.08],
      [55.142, 25.075],
      [55.1345, 25.0675],
      [55.127, 25.06],
      [55.119, 25.0525],
      [55.111, 25.045],
      [55.103, 25.0375],
      [55.095, 25.03],
    ],
  },
  {
    id: 'jbr',
    name: 'Jumeirah Beach Road',
    speedKmh: 50,
    path: [
      [55.265, 25.234],
      [55.26, 25.228],
      [55.255, 25.222],
      [55.2485, 25.215],
      [55.242, 25.208],
      [55.236, 25.2015],
      [55.23, 25.195],
      [55.224, 25.1875],
      [55.218, 25.18],
      [55.2115, 25.1725],
      [55.205, 25.165],
      [55.2, 25.1575],
      [55.195, 25.15],
      [55.188, 25.142],
      [55.183, 25.136],
      [55.178, 25.13],
      [55.1715, 25.1235],
      [55.165, 25.117],
      [55.159, 25.111],
      [55.153, 25.105],
      [55.1475, 25.0975],
      [55.142, 25.09],
    ],
  },
  {
    id: 'airport',
    name: 'Airport Road',
    speedKmh: 70,
    path: [
      [55.312, 25.265],
      [55.318, 25.262],
      [55.324, 25.259],
      [55.33, 25.256],
      [55.336, 25.253],
      [55.342, 25.25],
      [55.347, 25.2475],
      [55.352, 25.245],
      [55.358, 25.244],
      [55.364, 25.244],
      [55.369, 25.2465],
      [55.374, 25.249],
    ],
  },
];

/** The demo company's geofences: each type, one with a speed limit, one with a night window. */
export const DEMO_GEOFENCES = [
  {
    name: 'Dubai service area',
    type: 'SERVICE_AREA',
    shape: 'polygon',
    coordinates: [
      [55.13, 25.06],
      [55.42, 25.06],
      [55.42, 25.31],
      [55.13, 25.31],
    ] as [number, number][],
  },
  {
    name: 'DXB airside (no rentals)',
    type: 'RESTRICTED',
    shape: 'circle',
    center: [55.374, 25.249] as [number, number],
    radius: 400,
  },
  {
    name: 'Port Rashid at night',
    type: 'RESTRICTED',
    shape: 'circle',
    center: [55.277, 25.268] as [number, number],
    radius: 600,
    timeWindow: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '22:00', end: '06:00' },
  },
  {
    name: 'Head office yard',
    type: 'DROP_ZONE',
    shape: 'circle',
    center: [55.2867, 25.2285] as [number, number],
    radius: 250,
  },
  {
    name: 'Deira branch',
    type: 'DROP_ZONE',
    shape: 'circle',
    center: [55.312, 25.265] as [number, number],
    radius: 250,
  },
  {
    name: 'Jumeirah Beach Road 60 zone',
    type: 'SERVICE_AREA',
    shape: 'polygon',
    speedLimitKmh: 60,
    coordinates: [
      [55.175, 25.136],
      [55.24, 25.215],
      [55.256, 25.215],
      [55.191, 25.136],
    ] as [number, number][],
  },
] as const;
