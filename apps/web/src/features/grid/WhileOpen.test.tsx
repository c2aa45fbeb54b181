import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WhileOpen } from './WhileOpen.tsx';

describe('WhileOpen', () => {
  it('keeps the content it had when it closed, without rendering it again, until it opens', () => {
    let renders = 0;
    function Content({ label }: { label: string }) {
      renders++;
      return <p>{label}</p>;
    }
    const { rerender } = render(
      <WhileOpen opened>
        <Content label="sorted: none" />
      </WhileOpen>,
    );
    rerender(
      <WhileOpen opened>
        <Content label="sorted: none, again" />
      </WhileOpen>,
    );
    expect(renders).toBe(2);

    rerender(
      <WhileOpen opened={false}>
        <Content label="sorted: ascending" />
      </WhileOpen>,
    );
    expect(screen.getByText('sorted: none, again')).toBeInTheDocument();
    expect(renders).toBe(2);

    rerender(
      <WhileOpen opened>
        <Content label="sorted: ascending" />
      </WhileOpen>,
    );
    expect(screen.getByText('sorted: ascending')).toBeInTheDocument();
    expect(renders).toBe(3);
  });
});
