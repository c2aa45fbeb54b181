/** A select's value on the detail view: its option label when the options name it. */
import type { FieldViewProps } from '../fieldWidget.ts';
import { optionKey, toList } from '../options/selectData.ts';
import { useFieldOptions } from '../options/useFieldOptions.ts';

export function SelectView({ field, value }: FieldViewProps) {
  const { options } = useFieldOptions(field.spec, {});
  const labels = toList(value).map(
    (v) => options.find((o) => optionKey(o.value) === optionKey(v))?.label ?? optionKey(v),
  );
  return <>{labels.join(', ')}</>;
}
