import { MAINTENANCE_PRIORITIES, type MaintenancePriority } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../shared/ui/SelectField';
import { maintenanceApi, maintenanceKeys } from '../api/maintenance.api';

/** A ticket's technician (none allowed) and priority (normal by default), at intake and at work. */
export function TicketAssignFields({
  technicianId,
  onTechnician,
  priority,
  onPriority,
  testId,
}: {
  technicianId: string;
  onTechnician: (id: string) => void;
  priority: MaintenancePriority;
  onPriority: (priority: MaintenancePriority) => void;
  /** `<testId>-technician`, `<testId>-priority`. */
  testId: string;
}) {
  const { t } = useTranslation('maintenance');
  const technicians = useQuery({
    queryKey: maintenanceKeys.technicians,
    queryFn: maintenanceApi.technicians,
  });
  return (
    <>
      <SelectField
        name="technician"
        label={t('fields.technician')}
        value={technicianId}
        onChange={onTechnician}
        noneLabel={t('fields.none')}
        options={(technicians.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
        testId={`${testId}-technician`}
      />
      <SelectField
        name="priority"
        label={t('fields.priority')}
        value={priority === 'normal' ? '' : priority}
        onChange={(v) => onPriority((v || 'normal') as MaintenancePriority)}
        options={MAINTENANCE_PRIORITIES.filter((p) => p !== 'normal').map((p) => ({
          value: p,
          label: t(`priorities.${p}`),
        }))}
        noneLabel={t('priorities.normal')}
        testId={`${testId}-priority`}
      />
    </>
  );
}
