/**
 * The form's tabs with the active one in the URL hash (#1 default); a tab holding a field error
 * shows how many. Without preset Tabs the content renders as it is.
 */
import { Badge, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { FormTab } from './formTabs.ts';
import { hashOfTab, tabIndexFromHash } from './formTabs.ts';

interface FormTabsProps {
  tabs: readonly FormTab[];
  errors?: Readonly<Record<string, string>>;
  render: (tab: FormTab) => ReactNode;
}

export function FormTabs({ tabs, errors = {}, render }: FormTabsProps) {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const active = tabIndexFromHash(hash, tabs.length);
  return (
    <Tabs
      value={String(active)}
      onChange={(value) => navigate({ hash: hashOfTab(Number(value ?? 0)) }, { replace: true })}
      keepMounted
    >
      <Tabs.List mb="md">
        {tabs.map((tab, index) => {
          const count = tab.fields.filter((f) => errors[f.mapKey]).length;
          return (
            <Tabs.Tab
              key={tab.id}
              value={String(index)}
              rightSection={
                count > 0 ? (
                  <Badge size="xs" color="red" circle aria-label={`${count} errors`}>
                    {count}
                  </Badge>
                ) : undefined
              }
            >
              {tab.name}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {tabs.map((tab, index) => (
        <Tabs.Panel key={tab.id} value={String(index)}>
          {render(tab)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
