/**
 * A page generated from a page config: list and map pages are
 * list screens of the config's List (GetMap) right; edit/create, bulkedit and view pages the record
 * screens; iframe pages frame the config's address. Any other type says so.
 */
import type { AppRoute, PageConfig } from '@bm/contracts';
import { Alert } from '@mantine/core';
import { RecordScreenView } from '../forms/RecordScreenView.tsx';
import { ListPage } from '../list/ListPage.tsx';
import { DynamicFramePage } from './DynamicFramePage.tsx';
import { dynamicListRight, dynamicRecordScreen } from './dynamicRecordScreen.ts';

const unknownTypeMessage = (pageType: string): string => `Page type ${pageType} is not config`;

interface DynamicPageProps {
  config: PageConfig;
  id: number | undefined;
  configs: readonly PageConfig[];
}

export function DynamicPage({ config, id, configs }: DynamicPageProps) {
  const type = config.pageType.toLowerCase();
  if (type === 'list' || type === 'map') {
    const right = dynamicListRight(config) ?? '';
    const route: AppRoute = { pattern: config.route, kind: 'list', right, listPath: config.route };
    return <ListPage route={route} />;
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
