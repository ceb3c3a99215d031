/**
 * /vehicles/{id}/edit: the add form filled with the vehicle; sends its version so an edit made
 * meanwhile by someone else is refused (409) instead of silently overwritten.
 */
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { PageHeader } from '../../components/PageHeader';
import { FormSkeleton } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { ErrorPanel } from './components';
import { VehicleForm } from './VehicleForm';
import { toastApiError } from '../../lib/api-errors';
import type { BodyOf } from '../../lib/api-client';
import { useInvalidateVehicles, useVehicle, vehicleApi } from './vehicle-api';

export default function VehicleEditPage() {
  const { id } = useParams();
  const t = useT();
  const navigate = useNavigate();
  const invalidate = useInvalidateVehicles();
  const { data: vehicle, error, mutate } = useVehicle(id);

  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <>
        <PageHeader title={t('vehicles.editVehicle')} />
        <ErrorPanel
          title={missing ? t('vehicles.notFound') : t('vehicles.loadOneFailed')}
          onRetry={missing ? undefined : () => void mutate()}
        />
      </>
    );
  }
  if (!vehicle) return <FormSkeleton fields={6} />;

  const save = async (body: Record<string, unknown>) => {
    try {
      // VehicleForm checked the body with updateVehicleSchema before calling this.
      const next = await vehicleApi.update(vehicle.id, body as BodyOf<'updateVehicle'>);
      invalidate(next);
      toast({
        variant: 'success',
        title: t('vehicles.messages.updated'),
        description: `${next.make} ${next.model} · ${next.licensePlate}`,
      });
      navigate(`/vehicles/${vehicle.id}`);
      return {};
    } catch (err) {
      return toastApiError(t('vehicles.messages.updateFailed'), err).fields;
    }
  };

  return (
    <>
      <Link to={`/vehicles/${vehicle.id}`} className="link text-sm">{`${vehicle.make} ${vehicle.model}`}</Link>
      <PageHeader
        title={t('vehicles.editVehicle')}
        subtitle={<span className="font-mono">{vehicle.licensePlate}</span>}
      />
      <div className="card">
        <VehicleForm
          key={vehicle.version}
          vehicle={vehicle}
          onSubmit={save}
          onCancel={() => navigate(`/vehicles/${vehicle.id}`)}
          submitLabel={t('vehicles.save')}
        />
      </div>
    </>
  );
}
