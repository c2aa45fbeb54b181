/**
 * The pager under the grid: pages from the page summary (else as far as `hasMore`
 * reaches), page sizes 10–1000, a page jump that on Enter works only within the total pages, the
 * paging switch, and the total rows — approximate ("≈") when the summary estimated them.
 */
import { Group, NativeSelect, Pagination, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  knownPageCount,
  type PagingData,
  pageJumpProblem,
  pageJumpTarget,
  pageSizeOptions,
  rowsText,
} from './pagingState.ts';

interface GridPaginationProps {
  paging: PagingData;
  pagingOn: boolean;
  rowCount: number;
  onPage: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
  onPaging: (on: boolean) => void;
}

export function GridPagination({
  paging,
  pagingOn,
  rowCount,
  onPage,
  onPageSize,
  onPaging,
}: GridPaginationProps) {
  const [jump, setJump] = useState('');
  const [jumpProblem, setJumpProblem] = useState<string | undefined>(undefined);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm">
        <Switch
          size="xs"
          label="Paging"
          checked={pagingOn}
          onChange={(e) => onPaging(e.currentTarget.checked)}
        />
        <Text size="xs" c="dimmed" role="status" aria-label="Total rows">
          {paging.totalItemsCount === undefined
            ? rowsText(rowCount)
            : rowsText(paging.totalItemsCount, paging.exact)}
          {!pagingOn && paging.hasMore ? ' (showing the first 1,000)' : ''}
        </Text>
      </Group>
      {pagingOn && (
        <Group gap="sm">
          <NativeSelect
            size="xs"
            aria-label="Page size"
            value={String(paging.pageSize)}
            data={pageSizeOptions(paging.pageSize).map((n) => ({ value: String(n), label: `${n} / page` }))}
            onChange={(e) => onPageSize(Number(e.currentTarget.value))}
          />
          <Pagination
            size="sm"
            total={knownPageCount(paging)}
            value={paging.pageIndex + 1}
            onChange={(page) => onPage(page - 1)}
            siblings={1}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          />
          <TextInput
            size="xs"
            w={72}
            aria-label="Go to page"
            placeholder="Page"
            inputMode="numeric"
            value={jump}
            aria-invalid={jumpProblem ? true : undefined}
            aria-describedby={jumpProblem ? 'go-to-page-problem' : undefined}
            onChange={(e) => {
              setJump(e.currentTarget.value.replace(/\D/g, ''));
              setJumpProblem(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              const problem = pageJumpProblem(jump, paging);
              if (problem) return setJumpProblem(problem);
              const target = pageJumpTarget(jump, paging);
              if (target !== null) {
                onPage(target);
                setJump('');
              }
            }}
          />
          {jumpProblem && (
            <Text id="go-to-page-problem" size="xs" c="red" role="alert">
              {jumpProblem}
            </Text>
          )}
        </Group>
      )}
    </Group>
  );
}
