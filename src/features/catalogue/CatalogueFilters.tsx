import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SORT_LABELS, type CatalogueQuery, type SortOrder } from './product';

interface CatalogueFiltersProps {
  query: CatalogueQuery;
  categories: string[];
  onChange: (changes: Partial<CatalogueQuery>) => void;
}

/** Search, category and sort; native selects, so phones show their own pickers. */
export function CatalogueFilters({ query, categories, onChange }: CatalogueFiltersProps) {
  return (
    <Stack
      component="form"
      role="search"
      aria-label="Find products"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      onSubmit={(event) => event.preventDefault()}
    >
      <TextField
        label="Search"
        type="search"
        value={query.search}
        onChange={(event) => onChange({ search: event.target.value })}
        sx={{ flex: 2 }}
      />
      <TextField
        select
        label="Category"
        value={query.category}
        onChange={(event) => onChange({ category: event.target.value })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ flex: 1 }}
      >
        <option value="">All categories</option>
        {categories.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label="Sort by"
        value={query.sort}
        onChange={(event) => onChange({ sort: event.target.value as SortOrder })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ flex: 1 }}
      >
        {Object.entries(SORT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
