/**
 * The banner above the map while a geofence is being drawn: what to click next, "Finish" for a
 * polygon (enabled from its third corner) and a way out.
 */
import { useT } from '../../i18n';
import type { GeofenceDrawing } from './use-geofence-drawing';

export function DrawHelp({ drawing }: { drawing: GeofenceDrawing }) {
  const t = useT();
  const { mode, draft } = drawing;
  if (mode === 'none') return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-md bg-violet-50 p-2 text-sm text-violet-900 dark:bg-violet-950 dark:text-violet-100"
      data-testid="draw-help"
    >
      <span>
        {mode === 'circle'
          ? t('gps.drawCircleHelp')
          : t('gps.drawPolygonHelp', { count: draft?.coordinates?.length ?? 0 })}
      </span>
      {mode === 'polygon' && (
        <button
          type="button"
          className="btn-primary"
          disabled={(draft?.coordinates?.length ?? 0) < 3}
          onClick={drawing.finishPolygon}
        >
          {t('gps.finish')}
        </button>
      )}
      <button type="button" className="btn-secondary" onClick={drawing.cancelDraw}>
        {t('gps.cancelDraw')}
      </button>
    </div>
  );
}
