/**
 * What a line is called wherever it is listed alone: its product's title and, for a type of a product, the type's
 * name ("Harbour Jazz Night · Concession"; docs/data-model.md#types-and-quotas).
 */
export function typedTitle(title: string, typeName: string | null | undefined): string {
  return typeName ? `${title} · ${typeName}` : title;
}
