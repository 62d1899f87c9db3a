import { useLingui } from '@lingui/react/macro';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { setValue } from '../../../firebase/database';
import { isRecord } from '../../../state/validation';
import { displayName, parseProfile, ROLES, type Profile, type Role } from '../../account';
import { LiveContent } from '../LiveContent';
import { saveQuickly } from '../saving';
import { Section } from '../Section';
import { paths } from '../../../firebase/paths';

const ROLE_LABELS: Record<Role, string> = { customer: 'Customer', staff: 'Staff' };

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
  const { t } = useLingui();
  return (
    <Section title="Users and roles">
      <LiveContent path={paths.users} loading={t`Loading users…`}>
        {(raw) => (
          <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
            {parseUsers(raw).map(({ uid, profile }) => {
              const name = displayName(profile);
              return (
                <Paper key={uid} component="li" variant="outlined" sx={{ p: 1.5, listStyle: 'none' }}>
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                  >
                    <div>
                      <Typography sx={{ fontWeight: 600 }}>
                        {name}
                        {uid === selfId ? ' (you)' : ''}
                      </Typography>
                      <Typography variant="body2" color="textSecondary">
                        {profile.email}
                      </Typography>
                    </div>
                    {uid === selfId ? (
                      <Typography variant="body2">
                        {ROLE_LABELS[profile.role]}: another staff member can change your role.
                      </Typography>
                    ) : (
                      <TextField
                        select
                        size="small"
                        label={`Role of ${name}`}
                        value={profile.role}
                        onChange={(event) =>
                          void saveQuickly(
                            () => setValue(paths.userRole(uid), event.target.value),
                            `${name} is now ${ROLE_LABELS[event.target.value as Role].toLowerCase()}.`,
                          )
                        }
                        sx={{ minWidth: 200 }}
                      >
                        {ROLES.map((role) => (
                          <MenuItem key={role} value={role}>
                            {ROLE_LABELS[role]}
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
