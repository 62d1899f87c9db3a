import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { SORT_LABELS, type CatalogueQuery, type SortOrder } from './product';

interface CatalogueFiltersProps {
  query: CatalogueQuery;
  categories: string[];
  onChange: (changes: Partial<CatalogueQuery>) => void;
}

interface PickerProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}

/**
 * An outlined native select, as TextField's `select` with `native` draws it. Built from its parts because
 * TextField always brings MUI's own (non-native) Select with its menu, popover and modal, which this first
 * screen never uses.
 */
function Picker({ label, value, onChange, children }: PickerProps) {
  const id = useId();
  return (
    <FormControl sx={{ flex: 1 }}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        input={<OutlinedInput label={label} notched />}
      >
        {children}
      </NativeSelect>
    </FormControl>
  );
}

/** Search, category and sort; native selects, so phones show their own pickers. */
export function CatalogueFilters({ query, categories, onChange }: CatalogueFiltersProps) {
  const searchId = useId();
  return (
    <Stack
      component="form"
      role="search"
      aria-label="Find products"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      onSubmit={(event) => event.preventDefault()}
    >
      <FormControl sx={{ flex: 2 }}>
        <InputLabel htmlFor={searchId}>Search</InputLabel>
        <OutlinedInput
          id={searchId}
          label="Search"
          type="search"
          value={query.search}
          onChange={(event) => onChange({ search: event.target.value })}
        />
      </FormControl>
      <Picker label="Category" value={query.category} onChange={(category) => onChange({ category })}>
        <option value="">All categories</option>
        {categories.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </Picker>
      <Picker label="Sort by" value={query.sort} onChange={(sort) => onChange({ sort: sort as SortOrder })}>
        {Object.entries(SORT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Picker>
    </Stack>
  );
}
