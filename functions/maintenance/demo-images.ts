/** Demo images (generated, a few hundred bytes each): a car photo and a drawn signature. */
export const DEMO_CAR_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAA+ElEQVR42u3YXUpCARRF4T2IBuGY7ovTcCQRIhIRERISERIRZnqzm5ma/ef7Hkcz2EHQJWEdvvdzWI9Hu0Mj0N61Eag9MgJ1boxA3bERaH9iBDoojUCHt0ago6kR6PjOCNSrjEAn90ag/swIdPpgBDqbG4HOH41Ag4UR6GJpBLpcGYGunoxAw7URaPRsBBq/GIHKVyPQ9M0IVL0bgWYfRqD5pxFo8WUEWm2MQK1egYBAfxOoajS2EYEIRCACEYhABCIQgQhEIAIRiEAEIhCBCFT7R3Hnp9miLQQi0P982tdwd21bVBRNBAQiEIEIRCACEYhABAKBfuMbmss2I4RFYf0AAAAASUVORK5CYII=';
/** The drawn signature is shared with the rental contracts' demo (functions/lib/demo/world.ts). */
export { DEMO_SIGNATURE_PNG } from '../lib/demo/world';
