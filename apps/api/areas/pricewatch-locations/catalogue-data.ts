/**
 * The business's own lists behind the catalogue demo: the rental brands we compare (with their
 * vendor codes), the extras and the inclusions of a rate. Geography, airports, currencies, time
 * zones and car class codes come from reference packages instead (geography.ts, acriss.ts).
 */
import type { LocationRow } from './geography.ts';

/** Rental brands with their vendor codes, and the countries they are strong in ('*': worldwide). */
export const SUPPLIERS: readonly { name: string; code: string; website: string; home: string }[] = [
  { name: 'Hertz', code: 'ZE', website: 'https://www.hertz.com', home: 'US' },
  { name: 'Avis', code: 'ZI', website: 'https://www.avis.com', home: 'US' },
  { name: 'Budget', code: 'ZD', website: 'https://www.budget.com', home: 'US' },
  { name: 'Europcar', code: 'EP', website: 'https://www.europcar.com', home: 'FR' },
  { name: 'Sixt', code: 'SX', website: 'https://www.sixt.com', home: 'DE' },
  { name: 'Enterprise', code: 'ET', website: 'https://www.enterprise.com', home: 'US' },
  { name: 'Alamo', code: 'AL', website: 'https://www.alamo.com', home: 'US' },
  { name: 'National', code: 'ZL', website: 'https://www.nationalcar.com', home: 'US' },
  { name: 'Thrifty', code: 'ZT', website: 'https://www.thrifty.com', home: 'US' },
  { name: 'Dollar', code: 'ZR', website: 'https://www.dollar.com', home: 'US' },
  { name: 'Goldcar', code: 'GC', website: 'https://www.goldcar.es', home: 'ES' },
  { name: 'Firefly', code: 'FF', website: 'https://www.fireflycarrental.com', home: 'US' },
  { name: 'Centauro', code: 'CN', website: 'https://www.centauro.net', home: 'ES' },
  { name: 'Record Go', code: 'RG', website: 'https://www.recordgo.com', home: 'ES' },
  { name: 'OK Mobility', code: 'OK', website: 'https://www.okmobility.com', home: 'ES' },
  { name: 'Green Motion', code: 'GM', website: 'https://www.greenmotion.com', home: 'GB' },
  { name: 'Drivalia', code: 'DV', website: 'https://www.drivalia.com', home: 'IT' },
  { name: 'Maggiore', code: 'MG', website: 'https://www.maggiore.it', home: 'IT' },
  { name: 'Surprice', code: 'SP', website: 'https://www.surprice.com', home: 'GR' },
  { name: 'Ace Rent a Car', code: 'AC', website: 'https://www.acerentacar.com', home: 'US' },
  { name: 'Fox Rent a Car', code: 'FX', website: 'https://www.foxrentacar.com', home: 'US' },
  { name: 'Payless', code: 'ZA', website: 'https://www.paylesscar.com', home: 'US' },
  { name: 'Keddy by Europcar', code: 'KD', website: 'https://www.keddy.com', home: 'FR' },
  { name: 'Localiza', code: 'LO', website: 'https://www.localiza.com', home: 'BR' },
  { name: 'Toyota Rent a Car', code: 'TR', website: 'https://rent.toyota.co.jp', home: 'JP' },
];

export const OPTIONS: readonly { name: string; code: string; category: string }[] = [
  { name: 'Infant seat (0-13 kg)', code: 'INS', category: 'equipment' },
  { name: 'Child seat (9-18 kg)', code: 'CSI', category: 'equipment' },
  { name: 'Booster seat (15-36 kg)', code: 'BST', category: 'equipment' },
  { name: 'GPS navigation', code: 'NVS', category: 'equipment' },
  { name: 'Snow chains', code: 'SNO', category: 'equipment' },
  { name: 'Winter tyres', code: 'WTY', category: 'equipment' },
  { name: 'Ski rack', code: 'SKR', category: 'equipment' },
  { name: 'Roof box', code: 'RBX', category: 'equipment' },
  { name: 'Bicycle rack', code: 'BYC', category: 'equipment' },
  { name: 'Mobile Wi-Fi hotspot', code: 'WIFI', category: 'equipment' },
  { name: 'Toll transponder', code: 'TOLL', category: 'equipment' },
  { name: 'Additional driver', code: 'ADD', category: 'driver' },
  { name: 'Young driver', code: 'YNG', category: 'driver' },
  { name: 'Senior driver', code: 'SNR', category: 'driver' },
  { name: 'Full protection (zero excess)', code: 'ZEX', category: 'protection' },
  { name: 'Glass and tyres cover', code: 'WTP', category: 'protection' },
  { name: 'Personal accident insurance', code: 'PAI', category: 'protection' },
  { name: 'Cross-border permit', code: 'XBR', category: 'service' },
  { name: 'One-way rental', code: 'OWF', category: 'service' },
  { name: 'Out-of-hours pick-up', code: 'OOH', category: 'service' },
];

export const INCLUDED_ITEMS: readonly { name: string; code: string; description: string }[] = [
  { name: 'Unlimited mileage', code: 'UNL', description: 'No limit on the distance driven' },
  { name: 'Collision damage waiver', code: 'CDW', description: 'Damage to the car covered above the excess' },
  { name: 'Theft protection', code: 'TP', description: 'Theft of the car covered above the excess' },
  { name: 'Third party liability', code: 'TPL', description: 'Damage to others covered as the law requires' },
  { name: 'Airport surcharge', code: 'APS', description: 'The airport fee is in the price' },
  { name: 'Local taxes', code: 'VAT', description: 'Sales taxes are in the price' },
  { name: 'Road fee', code: 'RFE', description: 'Vehicle licensing fee included' },
  { name: 'Roadside assistance', code: 'RSA', description: 'Breakdown help around the clock' },
  { name: 'Free cancellation', code: 'FCX', description: 'Cancel up to 48 hours before pick-up' },
  { name: 'Full to full fuel policy', code: 'FTF', description: 'Pick up full, return full' },
  { name: 'Additional driver', code: 'ADR', description: 'One extra driver at no cost' },
  { name: 'Winter equipment', code: 'WEQ', description: 'Winter tyres where the law requires them' },
  { name: 'Contract fee', code: 'CTF', description: 'The administration fee is in the price' },
  { name: 'Young driver fee', code: 'YDF', description: 'No young driver surcharge' },
];

export interface Office {
  id: number;
  name: string;
  supplierId: number;
  officeType: string;
  location: LocationRow;
  address: string;
  phone: string;
  latitude: number | null;
  longitude: number | null;
}
