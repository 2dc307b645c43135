import { describe, expect, it } from 'vitest';
import { pdfTagging, pdfText } from '../../../tests/support/pdf-text';
import { volunteerCertificatePdf } from './volunteer-certificate';

// Issue 26: the volunteer certificate prints in the member's saved language.
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
const data = {
  name: 'Priya',
  year: 2026,
  issuedOn: '2026-12-31',
  drives: [
    { name: 'Riverbank', date: '2026-06-20', place: 'Pune', organiser: 'Kai', minutes: 150 },
  ],
};

describe('the volunteer certificate in the member’s language', () => {
  it('keeps English as it was', async () => {
    const text = flat(await volunteerCertificatePdf(data));
    expect(text).toContain('Volunteer certificate 2026');
    expect(text).toContain('volunteered 2 h 30 min at 1 tree-planting drive on Canopy in 2026');
    expect(text).toContain('Total: 2 h 30 min (2.50 hours)');
  });

  it('prints Spanish and Hindi', async () => {
    const spanish = await volunteerCertificatePdf({ ...data, locale: 'es' });
    expect(flat(spanish)).toContain('Certificado de voluntariado 2026');
    expect(flat(spanish)).toContain('en 1 jornada de plantación en Canopy en 2026');
    expect(flat(spanish)).toContain('Total: 2 h 30 min (2,50 horas)');
    expect(pdfTagging(spanish).lang).toBe('es');
    const hindi = await volunteerCertificatePdf({ ...data, locale: 'hi' });
    expect(flat(hindi)).toMatch(/[\u0900-\u097F]/);
    expect(flat(hindi)).not.toContain('Volunteer certificate');
    expect(pdfTagging(hindi).lang).toBe('hi');
  });
});
