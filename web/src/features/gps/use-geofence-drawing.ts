/**
 * Drawing a geofence on the map, then editing it in the form. A circle needs one click (its
 * centre, 500 m by default, the radius is set in the form); a polygon collects clicks until
 * "Finish" (3 corners at least). `editing` holds the form's subject: an existing fence, a new
 * drawing, or a fence whose radius the form is changing (the map shows that draft live).
 */
import { useState } from 'react';
import type { Draft } from './FleetMap';
import type { GeofenceApi } from './gps-api';

export type DrawMode = 'none' | 'circle' | 'polygon';

export function useGeofenceDrawing() {
  const [mode, setMode] = useState<DrawMode>('none');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [editing, setEditing] = useState<{ fence?: GeofenceApi; draft?: Draft } | null>(null);

  const onMapClick = (c: [number, number]) => {
    if (mode === 'circle') {
      setMode('none');
      setDraft(null);
      setEditing({ draft: { shape: 'circle', center: c, radius: 500 } });
    } else if (mode === 'polygon') {
      setDraft((d) => ({ shape: 'polygon', coordinates: [...(d?.coordinates ?? []), c] }));
    }
  };
  const startDraw = (m: 'circle' | 'polygon') => {
    setMode(m);
    setDraft(m === 'polygon' ? { shape: 'polygon', coordinates: [] } : null);
  };
  const cancelDraw = () => {
    setMode('none');
    setDraft(null);
  };
  const finishPolygon = () => {
    setMode('none');
    setEditing({ draft: draft ?? undefined });
    setDraft(null);
  };

  // The form's shape: its own draft once changed, else the saved fence's shape.
  const editorDraft: Draft | null =
    editing?.draft ??
    (editing?.fence
      ? {
          shape: editing.fence.shape,
          center: editing.fence.center,
          radius: editing.fence.radius,
          coordinates: editing.fence.coordinates ?? undefined,
        }
      : null);

  return {
    mode,
    draft,
    editing,
    editorDraft,
    /** What the map outlines: the polygon being drawn, else the shape in the open form. */
    mapDraft: draft ?? (editing ? editorDraft : null),
    onMapClick,
    startDraw,
    cancelDraw,
    finishPolygon,
    edit: (fence: GeofenceApi) => setEditing({ fence }),
    changeDraft: (d: Draft) => setEditing((e) => (e ? { ...e, draft: d } : e)),
    closeEditor: () => setEditing(null),
  };
}

export type GeofenceDrawing = ReturnType<typeof useGeofenceDrawing>;
