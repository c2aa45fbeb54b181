/**
 * Record forms as they cross the wire: the field spec inside a column's `edit`, `create` and
 * `bulkupdate`, the save payload, the save result (a fixed shape), conflicts and code validation.
 */
import { z } from 'zod';

export const FORM_FIELD_TYPES = [
  'boolean',
  'autocomplete',
  'combobox',
  'singleselect',
  'multiselect',
  'cscode',
  'jscode',
  'jsoncode',
  'csscode',
  'htmlcode',
  'xmlcode',
  'text',
  'number',
  'decimal',
  'keygenerator',
  'date',
  'datetime',
  'datetime2',
  'jsonview',
  'tableview',
  'htmleditor',
  'link',
  'uploadsingleselect',
  'spacer',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const CODE_FIELD_TYPES = ['cscode', 'jscode', 'jsoncode', 'csscode', 'htmlcode', 'xmlcode'] as const;
export type CodeFieldType = (typeof CODE_FIELD_TYPES)[number];

export const VALIDATION_RULES = [
  'required',
  'checked',
  'minlength',
  'maxlength',
  'number',
  'email',
  'json',
  'specialchars',
  'letters',
  'min',
  'max',
  'pattern',
  'url',
] as const;
export type ValidationRuleName = (typeof VALIDATION_RULES)[number];

/**
 * One rule of a preset field: `{name, message, value}` (value for bounds). The name is
 * any text here: the rule engine (field-rules.ts) ignores its case and spaces and drops unknown
 * names, and a spec must not be thrown away whole for writing `Required`.
 */
export const validationRuleSchema = z.object({
  name: z.string().max(100),
  message: z.string().max(300).optional(),
  value: z.union([z.number(), z.string()]).optional(),
});
export type ValidationRule = z.infer<typeof validationRuleSchema>;

export const fieldOptionSchema = z.object({
  value: z.union([z.string(), z.number(), z.boolean()]),
  label: z.string(),
});

export const formFieldSpecSchema = z
  .object({
    type: z.enum(FORM_FIELD_TYPES).optional(),
    label: z.string().max(200).optional(),
    order: z.number().optional(),
    cssClass: z.string().max(200).optional(),
    tabId: z.union([z.number(), z.string()]).optional(),
    /** Either a list of rules, or pipe-joined rule names with `validationMessages`. */
    validations: z.union([z.array(validationRuleSchema), z.string().max(500)]).optional(),
    validationMessages: z.string().max(2000).optional(),
    source: z.string().max(500).optional(),
    sourceParams: z.record(z.string(), z.unknown()).optional(),
    fetchAPI: z.string().max(500).optional(),
    displayFieldName: z.string().max(100).optional(),
    valueFieldName: z.string().max(100).optional(),
    mapKeyId: z.string().max(100).optional(),
    preFill: z.string().max(200).optional(),
    changedEvent: z.string().max(200).optional(),
    /** The fields a changedEvent answer may set (map keys); without it, any field it names. */
    prefillFields: z.array(z.string().max(100)).max(50).optional(),
    inputProps: z.record(z.string(), z.unknown()).optional(),
    isMarked: z.boolean().optional(),
    defaultValue: z.unknown().optional(),
    showExpandBtn: z.boolean().optional(),
    validationApi: z.string().max(500).optional(),
    itemType: z.string().max(50).optional(),
    options: z.array(fieldOptionSchema).max(1000).optional(),
    /** Conditional fields (form-conditions.ts): shown, required or kept only while these hold. */
    visibleWhen: z.string().max(500).optional(),
    requiredWhen: z.string().max(500).optional(),
    keepWhen: z.string().max(500).optional(),
  })
  .loose();
export type FormFieldSpec = z.infer<typeof formFieldSpecSchema>;

export const saveValueSchema = z.object({ mapkey: z.string().min(1).max(100), value: z.unknown() });

/** Body of create, update and bulk update. */
export const savePayloadSchema = z.object({
  storeProcedure: z.string().max(200).optional(),
  databaseName: z.string().max(100).optional(),
  values: z.array(saveValueSchema).max(500),
});
export type SavePayload = z.infer<typeof savePayloadSchema>;

/** Save result (contract, fixed). */
export interface SaveResult {
  isSuccess: boolean;
  id: number | string | null;
  message: string;
}

/** 409 body: the stored record as it is now. */
export interface ConflictBody {
  message: string;
  current: Record<string, unknown>;
}

export interface BulkRowResult {
  id: number | string;
  applied: boolean;
  message: string;
}
export interface BulkResult {
  isSuccess: boolean;
  message: string;
  results: BulkRowResult[];
}

export const codeValidationSchema = z.object({ code: z.string().max(1_000_000) });
export interface CodeValidationResult {
  isSuccess: boolean;
  message: string;
}

export const PAGE_TYPES = ['list', 'edit', 'create', 'bulkedit', 'view', 'iframe', 'map', 'Source'] as const;

export interface PageConfigAction {
  action: string;
  rightName: string;
  sqlQuery: string;
  databaseName: string;
}
export interface PageConfig {
  route: string;
  pageType: string;
  api: string;
  pageName: string;
  actions: PageConfigAction[];
}

/** Dropdown rows: id/name or value/label. */
export interface DropdownResponse {
  data: Array<Record<string, unknown>>;
}
