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
  'yamlcode',
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
  /** A menu tree (`MenuItem[]` of menu.ts), edited in place; checked by the server on save. */
  'menutree',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const CODE_FIELD_TYPES = [
  'cscode',
  'jscode',
  'jsoncode',
  'csscode',
  'htmlcode',
  'xmlcode',
  'yamlcode',
] as const;
export type CodeFieldType = (typeof CODE_FIELD_TYPES)[number];

/**
 * What `POST /api/validation/{name}` checks: each code type's syntax, and documents that must be
 * more than syntax (`openapi`: an OpenAPI 3.x description, in JSON or YAML). A field names one of the
 * documents through its `validationApi` for the Validate button and through a validation rule of
 * the same name (`SERVER_RULES`) for the save, which the server enforces.
 */
export const CODE_VALIDATORS = [...CODE_FIELD_TYPES, 'openapi'] as const;
export type CodeValidatorName = (typeof CODE_VALIDATORS)[number];

/**
 * Validation rules only the server runs (the browser's rule engine skips names it does not know):
 * the document checks of CODE_VALIDATORS, too heavy for every keystroke and never to be trusted
 * from the browser. `{ name: 'openapi', message? }` in a field's validations refuses a save whose
 * value is not an OpenAPI 3.x document; the error names the line and column or the JSON pointer.
 */
export const SERVER_RULES = ['openapi'] as const;
export type ServerRuleName = (typeof SERVER_RULES)[number];

/**
 * The value a key generator field (`keygenerator`) sends to ask for a new key on an edit. The
 * server makes every key itself (a create always gets one) and stores only its SHA-256 hash; any
 * other value sent for such a field is ignored, so a client can never choose a key or a hash.
 */
export const REGENERATE_KEY = 'regenerate';

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
  'presetpart',
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

/** The most records one bulk edit may name by id (the ticked rows of a list). */
export const BULK_MAX_IDS = 1000;

/**
 * Body of a bulk update: the save payload, and, when the user ticked rows, their ids. With ids the
 * marked fields go to exactly those records (each must still match the list's filter and be one the
 * caller may list); without, to every record the filter matches.
 */
export const bulkSavePayloadSchema = savePayloadSchema.extend({
  ids: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, 'Tick at least one row, or send no ids to change the filter’s records')
    .max(BULK_MAX_IDS, `At most ${BULK_MAX_IDS.toLocaleString('en')} ticked records at once`)
    .optional(),
});
export type BulkSavePayload = z.infer<typeof bulkSavePayloadSchema>;

/** Save result (contract, fixed). */
export interface SaveResult {
  isSuccess: boolean;
  id: number | string | null;
  message: string;
  /**
   * The key a key generator field was given by this save, in clear, this once: the database keeps
   * only its SHA-256 hash, so the form shows it to be copied and it is never answered again.
   */
  generatedKey?: { mapKey: string; key: string };
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
