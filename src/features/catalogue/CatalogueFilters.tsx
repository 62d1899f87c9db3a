import { useLingui } from '@lingui/react/macro';
import { useId, useRef, type ReactNode } from 'react';
import { Icon } from '../../lib/Icon';
import { OutlinedField } from '../../lib/FormTextField';
import type { ShownText } from '../site';
import { SORT_ORDERS, type CatalogueQuery, type SortOrder } from './product';

interface CatalogueFiltersProps {
  query: CatalogueQuery;
  /** Each category as the URL names it (`category`) and as the reader reads it, in the order shown. */
  categories: readonly (ShownText & { category: string })[];
  onChange: (changes: Partial<CatalogueQuery>) => void;
}

interface PickerProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}

/** An outlined native select with its label always above (a select always shows a choice). */
function Picker({ label, value, onChange, children }: PickerProps) {
  const id = useId();
  return (
    <OutlinedField id={id} label={label} shrink>
      <select id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
      <Icon name="arrowDropDown" className="field__select-icon" />
    </OutlinedField>
  );
}

/** Search, category and sort; native selects, so phones show their own pickers. */
export function CatalogueFilters({ query, categories, onChange }: CatalogueFiltersProps) {
  const { t } = useLingui();
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const sortLabels: Record<SortOrder, string> = {
    featured: t`Featured`,
    'price-asc': t`Price: low to high`,
    'price-desc': t`Price: high to low`,
    date: t`Date`,
    title: t`Title`,
  };
  return (
    <form
      role="search"
      aria-label={t`Find products`}
      className="catalogue-filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <OutlinedField id={searchId} label={t`Search`}>
        <input
          ref={searchRef}
          id={searchId}
          className="field__input field__input--clearable"
          type="search"
          placeholder=" "
          value={query.search}
          onChange={(event) => onChange({ search: event.target.value })}
        />
        {/* Ours rather than the browser's own, which ignores the theme (docs/styling.md). */}
        {query.search !== '' && (
          <button
            type="button"
            className="icon-button field__clear"
            aria-label={t`Clear search`}
            onClick={() => {
              onChange({ search: '' });
              searchRef.current?.focus();
            }}
          >
            <Icon name="close" />
          </button>
        )}
      </OutlinedField>
      <Picker label={t`Category`} value={query.category} onChange={(category) => onChange({ category })}>
        <option value="">{t`All categories`}</option>
        {categories.map(({ category, text, lang }) => (
          <option key={category} value={category} lang={lang}>
            {text}
          </option>
        ))}
      </Picker>
      <Picker label={t`Sort by`} value={query.sort} onChange={(sort) => onChange({ sort: sort as SortOrder })}>
        {SORT_ORDERS.map((order) => (
          <option key={order} value={order}>
            {sortLabels[order]}
          </option>
        ))}
      </Picker>
    </form>
  );
}
