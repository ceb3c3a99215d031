/**
 * /gps-tracking (issue 14): the live map of the fleet (refreshed every few seconds without a
 * reload), vehicle search and filters, a vehicle's trail for a period coloured by speed, the
 * geofence list and editor (draw a circle or a polygon on the map, edit, delete with
 * confirmation) and the event feed. A lazy route: maplibre loads with this page only.
 *
 * This file lays the page out and wires its parts; each part is in its own file: the data and
 * filters (use-gps-feeds), the trail (use-vehicle-trail, TrailPanel), drawing and editing a
 * geofence (use-geofence-drawing, DrawHelp, GeofenceForm, GeofenceList), the vehicle list and
 * the event feed.
 */
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useT } from '../../i18n';
import { useCan } from '../../lib/use-can';
import { DrawHelp } from './DrawHelp';
import FleetMap from './FleetMap';
import { FleetFilterBar } from './FleetFilterBar';
import { GeofenceForm } from './GeofenceForm';
import { DeleteGeofenceDialog, GeofenceList } from './GeofenceList';
import { LiveVehicleList } from './LiveVehicleList';
import { TrackerDialog } from './TrackerDialog';
import { TrackerSetupCard } from './TrackerSetupCard';
import { TrailPanel } from './TrailPanel';
import { ZoneEventFeed } from './ZoneEventFeed';
import type { GeofenceApi, LiveVehicleApi } from './gps-api';
import { useFleetFilters, useGpsFeeds } from './use-gps-feeds';
import { useGeofenceDrawing } from './use-geofence-drawing';
import { useVehicleTrail } from './use-vehicle-trail';

export default function GpsTrackingPage() {
  const t = useT();
  const canEdit = useCan('gpsEdit');
  const { live, fences, events, vehicles } = useGpsFeeds();
  const filters = useFleetFilters(vehicles);
  const trail = useVehicleTrail();
  const drawing = useGeofenceDrawing();
  const [deleting, setDeleting] = useState<GeofenceApi | null>(null);
  const [trackerOf, setTrackerOf] = useState<LiveVehicleApi | null>(null);
  const { editing, editorDraft } = drawing;

  return (
    <div className="space-y-4">
      <PageHeader title={t('gps.title')} subtitle={t('gps.subtitle')} />
      <FleetFilterBar filters={filters} />

      {live.data && !vehicles.some((v) => v.hasTracker) && (
        <TrackerSetupCard vehicles={vehicles} onSetUp={setTrackerOf} />
      )}

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-2 lg:col-span-2">
          <DrawHelp drawing={drawing} />
          <FleetMap
            vehicles={filters.shown}
            fences={fences.data?.items ?? []}
            trail={trail.trail ? trail.points : null}
            draft={drawing.mapDraft}
            selectedId={trail.selected}
            onSelect={(id) => trail.showTrail(id)}
            onMapClick={drawing.onMapClick}
            label={t('gps.mapLabel')}
            unavailableText={t('gps.mapUnavailable')}
          />
          <TrailPanel trail={trail} vehicles={vehicles} />
        </div>

        <LiveVehicleList
          vehicles={filters.shown}
          selectedId={trail.selected}
          onTracker={setTrackerOf}
          onShowTrail={(id) => trail.showTrail(id)}
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <GeofenceList
          fences={fences.data?.items}
          canEdit={canEdit}
          onDraw={drawing.startDraw}
          onEdit={drawing.edit}
          onDelete={setDeleting}
        />
        <ZoneEventFeed events={events.data?.items} />
      </div>

      {editing && editorDraft && (
        <GeofenceForm
          fence={editing.fence}
          draft={editorDraft}
          vehicles={vehicles}
          onDraftChange={drawing.changeDraft}
          onClose={drawing.closeEditor}
          onSaved={async () => {
            drawing.closeEditor();
            await fences.mutate();
          }}
        />
      )}
      {trackerOf && <TrackerDialog vehicle={trackerOf} onClose={() => setTrackerOf(null)} />}
      <DeleteGeofenceDialog fence={deleting} onClose={() => setDeleting(null)} onDeleted={() => fences.mutate()} />
    </div>
  );
}
