// Keystatic fields built from the site's own zod schemas, so the editor at /keystatic cannot drift
// from what the build accepts (keystatic.test.ts compares them field by field).
import {
  fields,
  type ComponentSchema,
  type FormFieldStoredValue as StoredValue,
} from '@keystatic/core';
import { z } from 'astro/zod';

/** A path relative to the entry's file, as Astro's `image()` reads it. */
export const imagePath: () => z.ZodType = () => z.string().min(1);

type Constraints = {
  description?: string;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
};

function constraintsOf(schema: z.ZodType): Constraints {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Constraints;
}

/** Whether the file may leave the field out (optional, or the schema fills in a default). */
export function mayBeOmitted(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

export function innerOf(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType };
  return (def.type === 'optional' || def.type === 'default') && def.innerType
    ? innerOf(def.innerType)
    : schema;
}

/** Keystatic's check plus the schema's; `stored` leaves an empty text or number out of the file. */
function checkedBy<F extends ComponentSchema>(
  field: F,
  schema: z.ZodType,
  stored: (value: unknown) => unknown,
): F {
  if (field.kind !== 'form') return field;
  const validate = field.validate as (value: unknown, args?: unknown) => unknown;
  return {
    ...field,
    validate(value: unknown, args?: unknown) {
      const valid = validate(value, args);
      const verdict = schema.safeParse(stored(valid));
      if (!verdict.success) throw new Error(verdict.error.issues[0]?.message ?? 'Not valid');
      return valid;
    },
  } as F;
}

/** The object without its undefined values (Keystatic's options are exact). */
function defined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as never;
}

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

type Shape = Record<string, z.ZodType>;
type ObjectSchema = z.ZodObject<Shape>;
type Fields = Record<string, ComponentSchema>;
type Values = Record<string, unknown>;

export interface Form {
  text(
    key: string,
    label: string,
    options?: { multiline?: boolean },
  ): ReturnType<typeof fields.text>;
  integer(key: string, label: string): ReturnType<typeof fields.integer>;
  number(key: string, label: string): ComponentSchema;
  checkbox(key: string, label: string): ComponentSchema;
  select(key: string, label: string, labels?: Record<string, string>): ComponentSchema;
  image(
    key: string,
    label: string,
    place: { directory: string; publicPath: string },
  ): ComponentSchema;
  texts(key: string, label: string, itemLabel: string): ComponentSchema;
  list(
    key: string,
    label: string,
    build: (item: Form) => Fields,
    itemLabel: (values: Values) => string,
  ): ComponentSchema;
  object(key: string, label: string, build: (inner: Form) => Fields): ComponentSchema;
}

/** Fields for the keys of one zod object; a key the schema lacks throws at once. */
export function formFor(schema: ObjectSchema): Form {
  const leaf = (key: string): z.ZodType => {
    const field = schema.shape[key];
    if (!field) throw new Error(`The schema has no field "${key}"`);
    return field;
  };

  return {
    text(key: string, label: string, options: { multiline?: boolean } = {}) {
      const field = leaf(key);
      const c = constraintsOf(field);
      const required = !mayBeOmitted(field);
      return checkedBy(
        fields.text({
          label,
          ...defined({
            description: c.description,
            multiline: options.multiline,
            defaultValue: typeof c.default === 'string' ? c.default : undefined,
          }),
          validation: defined({
            isRequired: required,
            // An empty optional text is left out of the file, so a minimum applies only when required.
            length: defined({ min: required ? c.minLength : undefined, max: c.maxLength }),
            pattern: c.pattern
              ? { regex: new RegExp(c.pattern), ...defined({ message: c.description }) }
              : undefined,
          }),
        }),
        field,
        emptyToUndefined,
      );
    },

    integer(key: string, label: string) {
      const field = leaf(key);
      const c = constraintsOf(field);
      return checkedBy(
        fields.integer({
          label,
          ...defined({ description: c.description }),
          validation: defined({
            isRequired: !mayBeOmitted(field),
            min: c.minimum,
            max: c.maximum,
          }),
        }),
        field,
        emptyToUndefined,
      );
    },

    number(key: string, label: string) {
      const field = leaf(key);
      const c = constraintsOf(field);
      return checkedBy(
        fields.number({
          label,
          ...defined({ description: c.description, step: c.multipleOf }),
          validation: defined({
            isRequired: !mayBeOmitted(field),
            min: c.minimum,
            max: c.maximum,
            step: c.multipleOf !== undefined,
          }),
        }),
        field,
        emptyToUndefined,
      );
    },

    checkbox(key: string, label: string) {
      const field = leaf(key);
      const c = constraintsOf(field);
      return checkedBy(
        fields.checkbox({
          label,
          ...defined({ description: c.description }),
          defaultValue: c.default === true,
        }),
        field,
        (value) => value,
      );
    },

    /** A select of the enum's values; `labels` names them for people (the value otherwise). */
    select(key: string, label: string, labels: Record<string, string> = {}) {
      const field = leaf(key);
      const values = (innerOf(field) as z.ZodEnum).options as string[];
      const c = constraintsOf(field);
      const optional = mayBeOmitted(field) && c.default === undefined;
      const options = values.map((value) => ({ label: labels[value] ?? value, value }));
      const select = fields.select({
        label,
        ...defined({ description: c.description }),
        options: optional ? [{ label: 'None', value: '' }, ...options] : options,
        defaultValue: typeof c.default === 'string' ? c.default : optional ? '' : values[0]!,
      });
      // "None" is the absence of the key in the file, not an empty string.
      const withNone = optional
        ? {
            ...select,
            parse: (value: StoredValue) => select.parse(value === undefined ? '' : value),
            serialize: (value: string) => ({ value: value === '' ? undefined : value }),
            reader: { parse: (value: StoredValue) => select.reader.parse(value ?? '') },
          }
        : select;
      return checkedBy(withNone as typeof select, field, emptyToUndefined);
    },

    /** An image uploaded into `directory/<entry>/<key>.<ext>`, referenced relative to the entry. */
    image(key: string, label: string, place: { directory: string; publicPath: string }) {
      const field = leaf(key);
      return fields.image({
        label,
        ...defined({ description: constraintsOf(field).description }),
        directory: place.directory,
        publicPath: place.publicPath,
        validation: { isRequired: !mayBeOmitted(field) },
      });
    },

    texts(key: string, label: string, itemLabel: string) {
      const field = leaf(key);
      const element = (innerOf(field) as z.ZodArray<z.ZodType>).element;
      const item = formFor(z.strictObject({ value: element })).text('value', itemLabel, {
        multiline: true,
      });
      return listOf(field, label, item, (props) => String(props.value ?? ''));
    },

    /** A list of objects, reordered by drag; `itemLabel` names an item in the collapsed list. */
    list(key, label, build, itemLabel) {
      const field = leaf(key);
      const element = innerOf((innerOf(field) as z.ZodArray<z.ZodType>).element) as ObjectSchema;
      return listOf(field, label, fields.object(build(formFor(element))), (props) => {
        const values = Object.fromEntries(
          Object.entries((props as { fields: Record<string, { value: unknown }> }).fields).map(
            ([name, child]) => [name, child.value],
          ),
        );
        return itemLabel(values);
      });
    },

    object(key, label, build) {
      const field = leaf(key);
      return fields.object(build(formFor(innerOf(field) as ObjectSchema)), {
        label,
        ...defined({ description: constraintsOf(field).description }),
      });
    },
  };
}

function listOf(
  field: z.ZodType,
  label: string,
  element: ComponentSchema,
  itemLabel: (props: Record<string, unknown>) => string,
) {
  const c = constraintsOf(field);
  return fields.array(element, {
    label,
    ...defined({ description: c.description }),
    itemLabel: itemLabel as never,
    validation: { length: defined({ min: c.minItems, max: c.maxItems }) },
  });
}

/** The file name, which entries are looked up by: Keystatic keeps it out of the file (a slug field). */
export function fileName(description: string) {
  return fields.text({
    label: 'File name',
    description,
    validation: {
      isRequired: true,
      pattern: {
        regex: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
        message: 'lower-case words joined by dashes',
      },
    },
  });
}
