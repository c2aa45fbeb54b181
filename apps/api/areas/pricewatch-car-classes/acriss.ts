/**
 * ACRISS (SIPP) car class codes: four letters for category, vehicle type, transmission/drive and
 * fuel/air conditioning, as the Association of Car Rental Industry Systems Standards publishes them.
 * A code's name is what its letters spell out.
 */
const CATEGORY: Record<string, string> = {
  M: 'Mini',
  N: 'Mini Elite',
  E: 'Economy',
  H: 'Economy Elite',
  C: 'Compact',
  D: 'Compact Elite',
  I: 'Intermediate',
  J: 'Intermediate Elite',
  S: 'Standard',
  R: 'Standard Elite',
  F: 'Fullsize',
  G: 'Fullsize Elite',
  P: 'Premium',
  U: 'Premium Elite',
  L: 'Luxury',
  W: 'Luxury Elite',
  O: 'Oversize',
  X: 'Special',
};
const VEHICLE_TYPE: Record<string, string> = {
  B: '2-3 Door',
  C: '2/4 Door',
  D: '4-5 Door',
  W: 'Wagon/Estate',
  V: 'Passenger Van',
  L: 'Limousine/Sedan',
  S: 'Sport',
  T: 'Convertible',
  F: 'SUV',
  J: 'Open Air All Terrain',
  X: 'Special',
  P: 'Pick up (single/extended cab) 2 door',
  Q: 'Pick up (double cab) 4 door',
  Z: 'Special Offer Car',
  E: 'Coupe',
  M: 'Monospace',
  R: 'Recreational Vehicle',
  H: 'Motor Home',
  Y: '2 Wheel Vehicle',
  N: 'Roadster',
  G: 'Crossover',
  K: 'Commercial Van/Truck',
};
const TRANSMISSION: Record<string, string> = {
  M: 'Manual (drive unspecified)',
  N: 'Manual 4WD',
  C: 'Manual AWD',
  A: 'Auto (drive unspecified)',
  B: 'Auto 4WD',
  D: 'Auto AWD',
};
const FUEL_AIR: Record<string, string> = {
  R: 'Unspecified fuel, air',
  N: 'Unspecified fuel, no air',
  D: 'Diesel, air',
  Q: 'Diesel, no air',
  H: 'Hybrid, air',
  I: 'Hybrid plug-in, air',
  E: 'Electric, air',
  C: 'Electric plus, air',
  L: 'LPG/Compressed gas, air',
  S: 'LPG/Compressed gas, no air',
  A: 'Hydrogen, air',
  B: 'Hydrogen, no air',
  M: 'Multi fuel/power, air',
  F: 'Multi fuel/power, no air',
  V: 'Petrol, air',
  Z: 'Petrol, no air',
  U: 'Ethanol, air',
  X: 'Ethanol, no air',
};

export interface CarClass {
  code: string;
  name: string;
  category: string;
  vehicleType: string;
  transmission: string;
  fuelAir: string;
}

/** The class a code spells out, or undefined when a letter is not ACRISS. */
export function decodeAcriss(code: string): CarClass | undefined {
  const [c, t, g, f] = [...code];
  const category = CATEGORY[c ?? ''];
  const vehicleType = VEHICLE_TYPE[t ?? ''];
  const transmission = TRANSMISSION[g ?? ''];
  const fuelAir = FUEL_AIR[f ?? ''];
  if (code.length !== 4 || !category || !vehicleType || !transmission || !fuelAir) return undefined;
  const gear = g === 'M' || g === 'N' || g === 'C' ? 'manual' : 'automatic';
  return {
    code,
    name: `${category} ${vehicleType}, ${gear}, ${fuelAir}`,
    category,
    vehicleType,
    transmission,
    fuelAir,
  };
}

/**
 * The fleet price-watch tracks: common rental models with the class rental companies book them in
 * ("or similar"), doors, seats and bags.
 */
export const FLEET: readonly {
  make: string;
  model: string;
  acriss: string;
  doors: number;
  seats: number;
  bags: number;
}[] = [
  { make: 'Fiat', model: '500', acriss: 'MBMR', doors: 3, seats: 4, bags: 1 },
  { make: 'Fiat', model: 'Panda', acriss: 'MDMR', doors: 5, seats: 4, bags: 1 },
  { make: 'Toyota', model: 'Aygo X', acriss: 'MDMR', doors: 5, seats: 4, bags: 1 },
  { make: 'Kia', model: 'Picanto', acriss: 'MDMR', doors: 5, seats: 4, bags: 1 },
  { make: 'Hyundai', model: 'i10', acriss: 'MDAR', doors: 5, seats: 4, bags: 1 },
  { make: 'Volkswagen', model: 'Polo', acriss: 'EDMR', doors: 5, seats: 5, bags: 2 },
  { make: 'Renault', model: 'Clio', acriss: 'EDMR', doors: 5, seats: 5, bags: 2 },
  { make: 'Peugeot', model: '208', acriss: 'EDMR', doors: 5, seats: 5, bags: 2 },
  { make: 'Opel', model: 'Corsa', acriss: 'EDMR', doors: 5, seats: 5, bags: 2 },
  { make: 'Seat', model: 'Ibiza', acriss: 'EDMR', doors: 5, seats: 5, bags: 2 },
  { make: 'Toyota', model: 'Yaris Hybrid', acriss: 'EDAH', doors: 5, seats: 5, bags: 2 },
  { make: 'Volkswagen', model: 'Golf', acriss: 'CDMR', doors: 5, seats: 5, bags: 3 },
  { make: 'Ford', model: 'Focus', acriss: 'CDMR', doors: 5, seats: 5, bags: 3 },
  { make: 'Seat', model: 'Leon', acriss: 'CDMR', doors: 5, seats: 5, bags: 3 },
  { make: 'Peugeot', model: '308', acriss: 'CDAR', doors: 5, seats: 5, bags: 3 },
  { make: 'Toyota', model: 'Corolla', acriss: 'CDAH', doors: 5, seats: 5, bags: 3 },
  { make: 'Renault', model: 'Megane Estate', acriss: 'CWMR', doors: 5, seats: 5, bags: 4 },
  { make: 'Skoda', model: 'Octavia Estate', acriss: 'IWMR', doors: 5, seats: 5, bags: 4 },
  { make: 'Volkswagen', model: 'Passat Variant', acriss: 'SWAR', doors: 5, seats: 5, bags: 5 },
  { make: 'Nissan', model: 'Qashqai', acriss: 'IFMR', doors: 5, seats: 5, bags: 3 },
  { make: 'Peugeot', model: '3008', acriss: 'IFAR', doors: 5, seats: 5, bags: 3 },
  { make: 'Volkswagen', model: 'T-Roc', acriss: 'CFMR', doors: 5, seats: 5, bags: 3 },
  { make: 'Jeep', model: 'Renegade', acriss: 'CFAR', doors: 5, seats: 5, bags: 2 },
  { make: 'Dacia', model: 'Duster', acriss: 'CFMD', doors: 5, seats: 5, bags: 3 },
  { make: 'Toyota', model: 'RAV4 Hybrid', acriss: 'SFAH', doors: 5, seats: 5, bags: 4 },
  { make: 'Volkswagen', model: 'Tiguan', acriss: 'SFAR', doors: 5, seats: 5, bags: 4 },
  { make: 'Ford', model: 'Kuga', acriss: 'SFMR', doors: 5, seats: 5, bags: 4 },
  { make: 'Skoda', model: 'Kodiaq', acriss: 'FFAR', doors: 5, seats: 7, bags: 4 },
  { make: 'BMW', model: '3 Series', acriss: 'PDAR', doors: 4, seats: 5, bags: 3 },
  { make: 'Mercedes-Benz', model: 'C-Class', acriss: 'PDAR', doors: 4, seats: 5, bags: 3 },
  { make: 'Audi', model: 'A4', acriss: 'PDAR', doors: 4, seats: 5, bags: 3 },
  { make: 'BMW', model: '5 Series', acriss: 'LDAR', doors: 4, seats: 5, bags: 4 },
  { make: 'Mercedes-Benz', model: 'E-Class', acriss: 'LDAR', doors: 4, seats: 5, bags: 4 },
  { make: 'Mercedes-Benz', model: 'GLE', acriss: 'LFAD', doors: 5, seats: 5, bags: 5 },
  { make: 'BMW', model: 'X5', acriss: 'UFBD', doors: 5, seats: 5, bags: 5 },
  { make: 'Tesla', model: 'Model 3', acriss: 'PDAE', doors: 4, seats: 5, bags: 3 },
  { make: 'Tesla', model: 'Model Y', acriss: 'PFAE', doors: 5, seats: 5, bags: 4 },
  { make: 'Volkswagen', model: 'ID.3', acriss: 'CDAE', doors: 5, seats: 5, bags: 2 },
  { make: 'Renault', model: 'Zoe', acriss: 'EDAE', doors: 5, seats: 5, bags: 2 },
  { make: 'Mini', model: 'Cooper Convertible', acriss: 'STAR', doors: 2, seats: 4, bags: 1 },
  { make: 'Ford', model: 'Mustang Convertible', acriss: 'FTAR', doors: 2, seats: 4, bags: 2 },
  { make: 'Jeep', model: 'Wrangler', acriss: 'FJBR', doors: 5, seats: 5, bags: 2 },
  { make: 'Citroen', model: 'C4 Grand Spacetourer', acriss: 'IMMR', doors: 5, seats: 7, bags: 3 },
  { make: 'Volkswagen', model: 'Touran', acriss: 'IMAR', doors: 5, seats: 7, bags: 3 },
  { make: 'Ford', model: 'Galaxy', acriss: 'FVMR', doors: 5, seats: 7, bags: 4 },
  { make: 'Mercedes-Benz', model: 'Vito Tourer', acriss: 'FVAR', doors: 4, seats: 9, bags: 5 },
  { make: 'Ford', model: 'Transit Custom', acriss: 'LVMR', doors: 4, seats: 9, bags: 6 },
  { make: 'Renault', model: 'Trafic Passenger', acriss: 'PVMD', doors: 4, seats: 9, bags: 6 },
  { make: 'Toyota', model: 'Hilux', acriss: 'SQMD', doors: 4, seats: 5, bags: 3 },
  { make: 'Chevrolet', model: 'Malibu', acriss: 'ICAR', doors: 4, seats: 5, bags: 3 },
  { make: 'Toyota', model: 'Camry', acriss: 'SCAR', doors: 4, seats: 5, bags: 3 },
  { make: 'Chevrolet', model: 'Tahoe', acriss: 'FFBR', doors: 5, seats: 7, bags: 5 },
  { make: 'Chrysler', model: 'Pacifica', acriss: 'MVAR', doors: 5, seats: 7, bags: 4 },
];
