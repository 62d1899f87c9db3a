import { updateValues } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import { FormTextField } from '../../../lib/FormTextField';
import { useForm } from '../../../lib/useForm';
import type { Quota } from '../../catalogue';
import { saveOnline } from '../saving';
import { EditorDialog } from './EditorDialog';
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
  const form = useForm({
    initial: quota ? quotaFields(quota) : EMPTY_QUOTA,
    validate: (fields) => validateQuota(fields, quota?.id ?? null, takenIds),
    idPrefix: 'quota',
    submit: async (fields) => {
      const problem = await saveOnline(
        () => updateValues(paths.quotas, quotaWrites(fields, quota)),
        `The quota ${fields.name.trim()} is saved.`,
      );
      if (!problem) onClose();
      return problem;
    },
  });
  const field = { form, idPrefix: 'quota' } as const;
  const id = quota?.id ?? quotaId(form.fields.name);
  return (
    <EditorDialog
      id="quota-editor-title"
      title={quota ? `Edit the quota ${quota.name}` : 'New quota'}
      what="quota"
      busy={form.busy}
      problem={form.problem}
      onSubmit={(event) => void form.onSubmit(event)}
      onClose={onClose}
      maxWidth="xs"
    >
      <FormTextField
        {...field}
        name="name"
        label="Name"
        required
        hint={id ? `Its id: ${id}${quota ? '' : ' (cannot be changed later)'}.` : 'Such as Venue or Concessions.'}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <FormTextField
        {...field}
        name="left"
        label="Places left"
        required
        hint="Each ticket sold of a product drawing on it takes one."
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </EditorDialog>
  );
}
