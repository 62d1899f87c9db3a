import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { setValue } from '../../../firebase/database';
import { isRecord } from '../../../state/validation';
import { displayName, parseProfile, ROLES, type Profile, type Role } from '../../account';
import { LiveContent, saveQuickly, Section } from '../../dashboardKit';
import { paths } from '../../../firebase/paths';

const ROLE_LABELS: Record<Role, MessageDescriptor> = { customer: msg`Customer`, staff: msg`Staff` };

function parseUsers(raw: unknown): { uid: string; profile: Profile }[] {
  if (!isRecord(raw)) return [];
  return Object.entries(raw)
    .flatMap(([uid, value]) => {
      const profile = parseProfile(value);
      return profile ? [{ uid, profile }] : [];
    })
    .sort((a, b) => displayName(a.profile).localeCompare(displayName(b.profile)));
}

/** Everyone with an account and their role; staff change others' roles (nobody their own: the rules refuse it). */
export function UsersAndRoles({ selfId }: { selfId: string }) {
  const { i18n, t } = useLingui();
  return (
    <Section title={t`Users and roles`}>
      <LiveContent path={paths.users} loading={t`Loading users…`}>
        {(raw) => (
          <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
            {parseUsers(raw).map(({ uid, profile }) => {
              const name = displayName(profile);
              const person = <>{name}</>;
              const role = i18n._(ROLE_LABELS[profile.role]);
              return (
                <Paper key={uid} component="li" variant="outlined" sx={{ p: 1.5, listStyle: 'none' }}>
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                  >
                    <div>
                      <Typography sx={{ fontWeight: 600 }}>
                        {uid === selfId ? <Trans>{person} (you)</Trans> : name}
                      </Typography>
                      <Typography variant="body2" color="textSecondary">
                        {profile.email}
                      </Typography>
                    </div>
                    {uid === selfId ? (
                      <Typography variant="body2">
                        <Trans>{role}: another staff member can change your role.</Trans>
                      </Typography>
                    ) : (
                      <TextField
                        select
                        size="small"
                        label={t`Role of ${name}`}
                        value={profile.role}
                        onChange={(event) =>
                          void saveQuickly(
                            () => setValue(paths.userRole(uid), event.target.value),
                            // A sentence per role: languages word them differently.
                            (event.target.value as Role) === 'staff'
                              ? t`${name} is now staff.`
                              : t`${name} is now customer.`,
                          )
                        }
                        sx={{ minWidth: 200 }}
                      >
                        {ROLES.map((option) => (
                          <MenuItem key={option} value={option}>
                            {i18n._(ROLE_LABELS[option])}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        )}
      </LiveContent>
    </Section>
  );
}
