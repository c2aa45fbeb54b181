/**
 * Location keywords: the words, per language, that lead a search to a price-watch location
 * ("Malle" and "Mallorca" to Palma de Mallorca). The list shows every location's keywords with their
 * location, or one location's (`?locationId=`, from a location's row), and then a new keyword takes
 * its location from there. Staff who edit content but may not open price-watch locations (the
 * editor) reach it from the menu; the form reads the location's name through the locations lookup.
 */
import {
  enabledField,
  idField,
  maxLength,
  pickedBy,
  refersTo,
  required,
  updatedFields,
} from '../catalogue.ts';
import { defineArea, searchable } from '../manifest.ts';

export const locationKeywords = defineArea({
  entity: 'LocationKeyword',
  label: 'Location keywords',
  singular: 'Keyword',
  titleField: null,
  group: 'Content',
  icon: 'tag',
  segment: 'locationkeyword',
  api: '/api/locationKeyword',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  table: 'location_keywords',
  sql: 'generated',
  joins: 'JOIN pricewatch_locations l ON l.id = t.location_id JOIN languages lg ON lg.code = t.language_code',
  list: {
    sort: { key: 'keyword', direction: 'ASC' },
    requiredParam: { name: 'locationId' },
  },
  // Save and close only: a keyword is added for the location the list shows, then back to it.
  form: {
    settings: { hideToolbarActions: ['save'] },
    // Back to the keywords of the location the keyword belongs to.
    redirect: '/locationkeyword/list?locationId={locationId}',
  },
  fields: [
    idField,
    searchable(
      refersTo(
        'PricewatchLocation',
        pickedBy('locationName', 'Location', 'l.name', 'locationId', 'locations', {
          type: 'autocomplete',
          // Opened from a location's keywords (`?locationId=`), the form reads that location's name
          // from the lookup it picks from (the keyword rights open it).
          changedEvent: '/api/dropdowns/locations?locationId={value}',
          prefillFields: ['locationName'],
        }),
      ),
    ),
    {
      // The list's filter by location (`?locationId=` from the address).
      key: 'locationId',
      label: 'Location id',
      type: 'number',
      list: { visible: false },
    },
    {
      key: 'keyword',
      searchable: true,
      label: 'Keyword',
      type: 'text',
      form: { type: 'text', validations: [required, maxLength(200)] },
    },
    {
      key: 'languageCode',
      label: 'Language',
      type: 'text',
      form: { type: 'combobox', source: '/api/dropdowns/languages2', validations: [required] },
    },
    {
      key: 'languageName',
      label: 'Language name',
      type: 'text',
      select: 'lg.name',
      list: { visible: false },
    },
    enabledField,
    ...updatedFields,
  ],
  sample: {
    locationId: { sql: 'SELECT min(id) FROM pricewatch_locations WHERE location_type_id = 4' },
    keyword: 'Sample keyword',
    languageCode: 'en',
    enabled: true,
  },
});
