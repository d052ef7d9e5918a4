import { waitingListFr } from '@guichet/shared';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import type { Typed } from '../organiser/typed-number';
import { WaitingListFields } from './WaitingListFields';

const m = waitingListFr.settings;

function Form() {
  const [hours, setHours] = useState<Typed>('');
  return (
    <WaitingListFields
      values={{ waitingListOfferHours: hours }}
      set={(change) => setHours(change.waitingListOfferHours ?? '')}
      fieldError={() => undefined}
    />
  );
}

describe('the waiting list setting of the edit form', () => {
  it('takes whole hours up to a week, empty meaning the default, and says so under the field', async () => {
    stubApi({});
    const { user } = renderApp(<Form />);
    const field = screen.getByLabelText(m.hours);
    expect(field).toHaveAccessibleDescription(m.help);
    expect(field).toBeValid();

    await user.type(field, '200');
    expect(field).toBeInvalid();
    expect(screen.getByText(m.hoursInvalid(168))).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '48');
    expect(field).toBeValid();
  });
});
