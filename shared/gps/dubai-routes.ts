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
    id: 'szr', name: 'Sheikh Zayed Road', speedKmh: 100, fast: [0.45, 0.8],
    path: [
      [55.2867, 25.2285], [55.2826, 25.2175], [55.2768, 25.2110], [55.2710, 25.2058], [55.2640, 25.1995], [55.2570, 25.1930],
      [55.2500, 25.1865], [55.2430, 25.1800], [55.2355, 25.1720], [55.2280, 25.1640], [55.2215, 25.1545], [55.2150, 25.1450],
      [55.2100, 25.1350], [55.2050, 25.1250], [55.2006, 25.1181], [55.1900, 25.1115], [55.1800, 25.1050], [55.1715, 25.1000],
      [55.1630, 25.0950], [55.1575, 25.0900], [55.1520, 25.0850], [55.1470, 25.0800], [55.1420, 25.0750], [55.1345, 25.0675],
      [55.1270, 25.0600], [55.1190, 25.0525], [55.1110, 25.0450], [55.1030, 25.0375], [55.0950, 25.0300],
    ],
  },
  {
    id: 'jbr', name: 'Jumeirah Beach Road', speedKmh: 50,
    path: [
      [55.2650, 25.2340], [55.2600, 25.2280], [55.2550, 25.2220], [55.2485, 25.2150], [55.2420, 25.2080], [55.2360, 25.2015],
      [55.2300, 25.1950], [55.2240, 25.1875], [55.2180, 25.1800], [55.2115, 25.1725], [55.2050, 25.1650], [55.2000, 25.1575],
      [55.1950, 25.1500], [55.1880, 25.1420], [55.1830, 25.1360], [55.1780, 25.1300], [55.1715, 25.1235], [55.1650, 25.1170],
      [55.1590, 25.1110], [55.1530, 25.1050], [55.1475, 25.0975], [55.1420, 25.0900],
    ],
  },
  {
    id: 'airport', name: 'Airport Road', speedKmh: 70,
    path: [
      [55.3120, 25.2650], [55.3180, 25.2620], [55.3240, 25.2590], [55.3300, 25.2560], [55.3360, 25.2530], [55.3420, 25.2500],
      [55.3470, 25.2475], [55.3520, 25.2450], [55.3580, 25.2440], [55.3640, 25.2440], [55.3690, 25.2465], [55.3740, 25.2490],
    ],
  },
];

/** The demo company's geofences: each type, one with a speed limit, one with a night window. */
export const DEMO_GEOFENCES = [
  { name: 'Dubai service area', type: 'SERVICE_AREA', shape: 'polygon', coordinates: [[55.13, 25.06], [55.42, 25.06], [55.42, 25.31], [55.13, 25.31]] as [number, number][] },
  { name: 'DXB airside (no rentals)', type: 'RESTRICTED', shape: 'circle', center: [55.3740, 25.2490] as [number, number], radius: 400 },
  { name: 'Port Rashid at night', type: 'RESTRICTED', shape: 'circle', center: [55.2770, 25.2680] as [number, number], radius: 600, timeWindow: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '22:00', end: '06:00' } },
  { name: 'Head office yard', type: 'DROP_ZONE', shape: 'circle', center: [55.2867, 25.2285] as [number, number], radius: 250 },
  { name: 'Deira branch', type: 'DROP_ZONE', shape: 'circle', center: [55.3120, 25.2650] as [number, number], radius: 250 },
  { name: 'Jumeirah Beach Road 60 zone', type: 'SERVICE_AREA', shape: 'polygon', speedLimitKmh: 60, coordinates: [[55.175, 25.136], [55.240, 25.215], [55.256, 25.215], [55.191, 25.136]] as [number, number][] },
] as const;
