import { invoicesFr, payoutsFr } from '@guichet/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import RatesPage from './RatesPage';

const m = payoutsFr.rates;
const c = invoicesFr.commission;

function renderRates(rate = { rateBps: 180, fixedCents: 30, isStandard: true }) {
  stubApi({ 'GET /rates': ok(rate), 'GET /meta': ok({ brandName: 'Guichet', environment: 'test' }) });
  return renderApp(<RatesPage />);
}

describe('the rates page', () => {
  it('says the rate is HT with the VAT on top', async () => {
    renderRates();
    expect(await screen.findByTestId('rate-line')).toHaveTextContent('1,8 % + 0,30 € HT par billet vendu');
    expect(screen.getByText(c.rateVat)).toBeInTheDocument();
  });

  it('simulates the commission HT and TTC and the gain net of the TTC', async () => {
    const { user } = renderRates();
    await user.type(await screen.findByRole('textbox', { name: m.priceLabel }), '10');
    // 10,00 €: 0,18 € + 0,30 € = 0,48 € HT; + 20 % (0,096 → 0,10 €) = 0,58 € TTC; 9,42 € received.
    expect(await screen.findByTestId('commission')).toHaveTextContent('0,48 €');
    expect(screen.getByText(c.exclVat)).toBeInTheDocument();
    expect(screen.getByTestId('commission-incl-vat')).toHaveTextContent('0,58 €');
    expect(screen.getByText(c.inclVat)).toBeInTheDocument();
    expect(screen.getByTestId('gain')).toHaveTextContent('9,42 €');

    await user.type(screen.getByRole('textbox', { name: m.desiredLabel }), '10');
    // 10,00 € wanted: 10,00 € + the commission on it with its VAT (0,58 €).
    expect(await screen.findByTestId('price-to-set')).toHaveTextContent('10,58 €');
  });

  it('uses the organiser’s reduced rate', async () => {
    const { user } = renderRates({ rateBps: 140, fixedCents: 25, isStandard: false });
    await user.type(await screen.findByRole('textbox', { name: m.priceLabel }), '10');
    // 0,14 € + 0,25 € = 0,39 € HT, 0,47 € TTC (0,078 → 0,08 €).
    expect(await screen.findByTestId('commission-incl-vat')).toHaveTextContent('0,47 €');
    expect(screen.getByTestId('gain')).toHaveTextContent('9,53 €');
  });
});
