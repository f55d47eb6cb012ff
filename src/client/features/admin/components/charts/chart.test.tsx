import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Chart, niceCeil } from './chart';

describe('Chart', () => {
  it('tops its scale at a value that reads well', () => {
    expect([0, 1, 7, 12, 230, 9_700, 10_000].map(niceCeil)).toEqual([0, 1, 10, 20, 250, 10_000, 10_000]);
  });

  it('labels its gridlines with the values they mark, below zero too', () => {
    const { container } = render(
      <Chart
        title="Saldo"
        kind="bar"
        labels={['01/11', '02/11']}
        series={[{ label: 'Saldo', tone: 'text-emerald-400', values: [180, -30] }]}
        csvName="saldo"
      />,
    );
    const texts = [...container.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(texts).toEqual(['200', '100', '-50', '01/11', '02/11']);
  });

  it('draws no half-member gridline', () => {
    const { container } = render(
      <Chart
        title="Pagantes"
        kind="line"
        labels={['01/11']}
        series={[{ label: 'Pagantes', tone: '', values: [4] }]}
        csvName="p"
      />,
    );
    expect([...container.querySelectorAll('svg text')].map((t) => t.textContent)).toEqual(['5', '01/11']);
  });
});
