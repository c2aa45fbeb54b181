/**
 * A page generated from a page config: list and map pages are
 * list screens of the config's List (GetMap) right, a map page for the record its address ends with
 * (`/reservations-config/map/12`); edit/create, bulkedit and view pages the record
 * screens; iframe pages frame the config's address. Any other type says so.
 */
import type { AppRoute, PageConfig } from '@bm/contracts';
import { Alert } from '@mantine/core';
import { RecordScreenView } from '../forms/RecordScreenView.tsx';
import { ListPage } from '../list/ListPage.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { DynamicFramePage } from './DynamicFramePage.tsx';
import { dynamicListRight, dynamicRecordScreen } from './dynamicRecordScreen.ts';

const unknownTypeMessage = (pageType: string): string => `Page type ${pageType} is not config`;

interface DynamicPageProps {
  config: PageConfig;
  id: number | undefined;
  configs: readonly PageConfig[];
}

/** A map page opened without its record: says how to open it, instead of a failed list. */
function MapPageNeedsRecord({ config }: { config: PageConfig }) {
  return (
    <>
      <PageHeader />
      <Alert color="blue" title="Choose the record to map" mt="md">
        {config.pageName} shows the candidates of one record: open it with the record's id ({config.route}/
        <em>id</em>), or choose Get Map on the record's row in its list.
      </Alert>
    </>
  );
}

export function DynamicPage({ config, id, configs }: DynamicPageProps) {
  const type = config.pageType.toLowerCase();
  if (type === 'list' || type === 'map') {
    const right = dynamicListRight(config) ?? '';
    const route: AppRoute = { pattern: config.route, kind: 'list', right, listPath: config.route };
    // A map list is one record's: `{route}/{id}`. Without the record there is nothing to rank.
    if (type === 'map' && id === undefined) return <MapPageNeedsRecord config={config} />;
    return <ListPage route={route} recordId={type === 'map' ? id : undefined} />;
  }
  if (type === 'iframe') return <DynamicFramePage url={config.api} title={config.pageName} />;
  const screen = dynamicRecordScreen(config, id, configs);
  if (screen) return <RecordScreenView screen={screen} />;
  return (
    <Alert color="orange" title={unknownTypeMessage(config.pageType)} mt="md">
      Ask your administrator to check this page's configuration.
    </Alert>
  );
}
