import { useLingui } from '@lingui/react/macro';
import { updateValues } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import { FormTextField } from '../../../lib/FormTextField';
import { useForm } from '../../../lib/useForm';
import type { Quota } from '../../catalogue';
import { EditorDialog, saveOnline } from '../../dashboardKit';
import { EMPTY_QUOTA, quotaFields, quotaId, quotaWrites, validateQuota } from './quotaForm';

/** Creates a quota (null) or renames one and sets its places left, in a dialog; closes once saved. */
export function QuotaEditor({
  quota,
  takenIds,
  onClose,
}: {
  quota: Quota | null;
  takenIds: ReadonlySet<string>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const form = useForm({
    initial: quota ? quotaFields(quota) : EMPTY_QUOTA,
    validate: (fields) => validateQuota(fields, quota?.id ?? null, takenIds),
    idPrefix: 'quota',
    submit: async (fields) => {
      const name = fields.name.trim();
      const problem = await saveOnline(
        () => updateValues(paths.quotas, quotaWrites(fields, quota)),
        t`The quota ${name} is saved.`,
      );
      if (!problem) onClose();
      return problem;
    },
  });
  const field = { form, idPrefix: 'quota' } as const;
  const id = quota?.id ?? quotaId(form.fields.name);
  let title = t`New quota`;
  if (quota) {
    const { name } = quota;
    title = t`Edit the quota ${name}`;
  }
  // A new quota's id follows its name until it is saved; then it is fixed.
  const idHint = quota ? t`Its id: ${id}.` : t`Its id: ${id} (cannot be changed later).`;
  return (
    <EditorDialog
      id="quota-editor-title"
      title={title}
      save={t`Save quota`}
      busy={form.busy}
      problem={form.problem}
      onSubmit={(event) => void form.onSubmit(event)}
      onClose={onClose}
      maxWidth="xs"
    >
      <FormTextField
        {...field}
        name="name"
        label={t`Name`}
        required
        hint={id ? idHint : t`Such as Venue or Concessions.`}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <FormTextField
        {...field}
        name="left"
        label={t`Places left`}
        required
        hint={t`Each ticket sold of a product drawing on it takes one.`}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </EditorDialog>
  );
}
