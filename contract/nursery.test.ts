import { describe, expect, it } from 'vitest';
import { NURSERY_MESSAGES, stockListQuerySchema } from './nursery';
import { stockFormSchema } from './nursery-stock-form';

const typed = {
  speciesId: '1',
  size: 'packet',
  quantityAvailable: '40',
  priceMinor: '2.50',
  pickupLat: 28.59,
  pickupLng: 77.21,
  pickupLocation: ' East gate ',
  notes: '',
};

describe('stockFormSchema', () => {
  it('turns the typed form into the request the server takes (price in minor units)', () => {
    expect(stockFormSchema('USD').parse(typed)).toEqual({
      speciesId: 1,
      size: 'packet',
      quantityAvailable: 40,
      priceMinor: 250,
      pickupLat: 28.59,
      pickupLng: 77.21,
      pickupLocation: 'East gate',
      notes: '',
    });
    expect(stockFormSchema('JPY').parse({ ...typed, priceMinor: '120' }).priceMinor).toBe(120);
  });

  it('puts the request schema’s messages on the form’s own fields', () => {
    const result = stockFormSchema('USD').safeParse({
      ...typed,
      speciesId: '',
      priceMinor: '20000',
      pickupLat: null,
      pickupLng: null,
    });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(
      result.error!.issues.map((i) => [String(i.path[0]), i.message]),
    );
    expect(byPath.speciesId).toBe(NURSERY_MESSAGES.speciesRequired);
  });

  it('refuses a missing point and a price over the limit', () => {
    const result = stockFormSchema('USD').safeParse({
      ...typed,
      priceMinor: '20000',
      pickupLat: null,
    });
    const byPath = Object.fromEntries(
      result.error!.issues.map((i) => [String(i.path[0]), i.message]),
    );
    expect(byPath).toMatchObject({
      priceMinor: NURSERY_MESSAGES.priceInvalid,
      pickupLat: NURSERY_MESSAGES.locationRequired,
    });
  });
});

describe('stockListQuerySchema', () => {
  it('reads near as a point and defaults to every nursery’s stock', () => {
    expect(stockListQuerySchema.parse({ near: '12.97, 77.59', radiusKm: '50' })).toMatchObject({
      near: { lat: 12.97, lng: 77.59 },
      radiusKm: 50,
      scope: 'all',
      page: 1,
    });
  });
});
