/**
 * Where the million-tree community plants (bench:scale, issue 20): cities on every inhabited
 * continent with their country (ISO 3166-1 alpha-2) and IANA zone, weighted so most trees sit in
 * a few busy regions, as a real community's would.
 */
export interface Place {
  name: string;
  country: string;
  lat: number;
  lng: number;
  timeZone: string;
  /** Relative share of the plantings. */
  weight: number;
}

export const PLACES: readonly Place[] = [
  { name: 'New Delhi', country: 'IN', lat: 28.61, lng: 77.21, timeZone: 'Asia/Kolkata', weight: 8 },
  { name: 'Mumbai', country: 'IN', lat: 19.08, lng: 72.88, timeZone: 'Asia/Kolkata', weight: 6 },
  { name: 'Bengaluru', country: 'IN', lat: 12.97, lng: 77.59, timeZone: 'Asia/Kolkata', weight: 6 },
  { name: 'Kochi', country: 'IN', lat: 9.93, lng: 76.27, timeZone: 'Asia/Kolkata', weight: 4 },
  { name: 'Pune', country: 'IN', lat: 18.52, lng: 73.86, timeZone: 'Asia/Kolkata', weight: 4 },
  { name: 'Chennai', country: 'IN', lat: 13.08, lng: 80.27, timeZone: 'Asia/Kolkata', weight: 3 },
  { name: 'Kolkata', country: 'IN', lat: 22.57, lng: 88.36, timeZone: 'Asia/Kolkata', weight: 3 },
  { name: 'Nairobi', country: 'KE', lat: -1.29, lng: 36.82, timeZone: 'Africa/Nairobi', weight: 5 },
  { name: 'Kisumu', country: 'KE', lat: -0.09, lng: 34.77, timeZone: 'Africa/Nairobi', weight: 2 },
  { name: 'Kampala', country: 'UG', lat: 0.35, lng: 32.58, timeZone: 'Africa/Kampala', weight: 2 },
  {
    name: 'Addis Ababa',
    country: 'ET',
    lat: 9.03,
    lng: 38.74,
    timeZone: 'Africa/Addis_Ababa',
    weight: 2,
  },
  { name: 'Lagos', country: 'NG', lat: 6.52, lng: 3.38, timeZone: 'Africa/Lagos', weight: 2 },
  { name: 'Accra', country: 'GH', lat: 5.6, lng: -0.19, timeZone: 'Africa/Accra', weight: 1 },
  {
    name: 'Cape Town',
    country: 'ZA',
    lat: -33.92,
    lng: 18.42,
    timeZone: 'Africa/Johannesburg',
    weight: 1,
  },
  {
    name: 'São Paulo',
    country: 'BR',
    lat: -23.55,
    lng: -46.63,
    timeZone: 'America/Sao_Paulo',
    weight: 4,
  },
  {
    name: 'Rio de Janeiro',
    country: 'BR',
    lat: -22.91,
    lng: -43.17,
    timeZone: 'America/Sao_Paulo',
    weight: 2,
  },
  { name: 'Bogotá', country: 'CO', lat: 4.71, lng: -74.07, timeZone: 'America/Bogota', weight: 1 },
  { name: 'Lima', country: 'PE', lat: -12.05, lng: -77.04, timeZone: 'America/Lima', weight: 1 },
  {
    name: 'Mexico City',
    country: 'MX',
    lat: 19.43,
    lng: -99.13,
    timeZone: 'America/Mexico_City',
    weight: 2,
  },
  {
    name: 'Portland',
    country: 'US',
    lat: 45.52,
    lng: -122.68,
    timeZone: 'America/Los_Angeles',
    weight: 2,
  },
  {
    name: 'Austin',
    country: 'US',
    lat: 30.27,
    lng: -97.74,
    timeZone: 'America/Chicago',
    weight: 1,
  },
  {
    name: 'New York',
    country: 'US',
    lat: 40.71,
    lng: -74.01,
    timeZone: 'America/New_York',
    weight: 2,
  },
  {
    name: 'Toronto',
    country: 'CA',
    lat: 43.65,
    lng: -79.38,
    timeZone: 'America/Toronto',
    weight: 1,
  },
  { name: 'London', country: 'GB', lat: 51.51, lng: -0.13, timeZone: 'Europe/London', weight: 2 },
  { name: 'Leeds', country: 'GB', lat: 53.8, lng: -1.55, timeZone: 'Europe/London', weight: 1 },
  { name: 'Berlin', country: 'DE', lat: 52.52, lng: 13.4, timeZone: 'Europe/Berlin', weight: 2 },
  { name: 'Madrid', country: 'ES', lat: 40.42, lng: -3.7, timeZone: 'Europe/Madrid', weight: 1 },
  { name: 'Lisbon', country: 'PT', lat: 38.72, lng: -9.14, timeZone: 'Europe/Lisbon', weight: 1 },
  { name: 'Paris', country: 'FR', lat: 48.86, lng: 2.35, timeZone: 'Europe/Paris', weight: 1 },
  { name: 'Jakarta', country: 'ID', lat: -6.21, lng: 106.85, timeZone: 'Asia/Jakarta', weight: 3 },
  { name: 'Bandung', country: 'ID', lat: -6.92, lng: 107.62, timeZone: 'Asia/Jakarta', weight: 2 },
  { name: 'Manila', country: 'PH', lat: 14.6, lng: 120.98, timeZone: 'Asia/Manila', weight: 2 },
  { name: 'Dhaka', country: 'BD', lat: 23.81, lng: 90.41, timeZone: 'Asia/Dhaka', weight: 2 },
  {
    name: 'Kathmandu',
    country: 'NP',
    lat: 27.72,
    lng: 85.32,
    timeZone: 'Asia/Kathmandu',
    weight: 1,
  },
  { name: 'Colombo', country: 'LK', lat: 6.93, lng: 79.86, timeZone: 'Asia/Colombo', weight: 1 },
  { name: 'Hanoi', country: 'VN', lat: 21.03, lng: 105.85, timeZone: 'Asia/Bangkok', weight: 1 },
  {
    name: 'Sydney',
    country: 'AU',
    lat: -33.87,
    lng: 151.21,
    timeZone: 'Australia/Sydney',
    weight: 1,
  },
  {
    name: 'Auckland',
    country: 'NZ',
    lat: -36.85,
    lng: 174.76,
    timeZone: 'Pacific/Auckland',
    weight: 1,
  },
];
