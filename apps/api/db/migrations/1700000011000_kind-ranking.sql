-- Up Migration
-- Map lists of suppliers, car classes, cars, options, included items and offices that use what the
-- catalogue knows, like the locations' (1700000010890_location-ranking.sql); docs/adr/0013-mapping.md,
-- "Ranking" and "Confidence".
--
-- Until now these kinds compared folded whole names by trigrams (map_similar): "VW Golf" was far
-- from "Volkswagen Golf", "Sat Nav" from "GPS navigation", "CDW" from "Collision damage waiver",
-- and a class description ("Economy 4-5 door manual with air") was alike to every economy class.
-- Now:
-- - a name is a list of words of its kind (map_name_words): folded, letters and digits apart for
--   cars and classes ("C300" → "c 300", "4dr" → "4 door"), and the kind's abbreviations,
--   synonyms and other languages' words made one (map_kind_phrases: "VW" → volkswagen, "Sat Nav"
--   → navigation, "Baby seat" → infant seat, "CDW" → collision damage waiver, "Unlimited km" →
--   unlimited mileage, "Auto" → automatic); each word reduced to its skeleton (map_skeleton);
-- - each merchant word weighs its rarity among the kind's catalogue names (IDF: "Golf" says more
--   than "Volkswagen"); a candidate's evidence for it is its best word match (map_word_match: a
--   typo tolerated), and the name score is the IDF-weighted share of the merchant's words the
--   candidate covers and of the candidate's words the merchant's name covers;
-- - a car class description is also read as the ACRISS code it describes (map_acriss_terms: a
--   category, a body type, a gearbox and drive, fuel and air), and an ACRISS code written in a
--   name or sent as a code decides;
-- - codes count when the feed's code (or a name that is the code) agrees with a candidate's;
--   a car's class and seats as before; offices by supplier, place and distance as before, and
--   their names by words;
-- - Match % is a calibrated probability (map_kind_confidence, fitted by
--   bench/src/fit-kind-confidence.ts) and every row says what agreed (evidence).
-- Every record of a small kind is scored, so a list is never empty while the catalogue has one.
-- The price-watch side lists of suppliers, car classes, cars, options and included items compare
-- words the same way (map_kind_merchant_scores). Phrases are read from map_kind_phrases: a
-- migration that changes them refreshes pricewatch_kind_words (map_kind_words_refresh).

-- Words and phrases of a kind that mean the same thing, as folded words separated by a space:
-- `replacement` '' drops the phrase (words that restate the kind or say nothing: "or similar").
-- kind '*' applies to every kind here (not to locations, which have map_word_forms).
CREATE TABLE map_kind_phrases (
  kind text NOT NULL,
  phrase text NOT NULL,
  replacement text NOT NULL,
  -- The phrase's first word: a name reads only the phrases that start with one of its words.
  first_word text GENERATED ALWAYS AS (split_part(phrase, ' ', 1)) STORED,
  PRIMARY KEY (kind, phrase)
);
CREATE INDEX map_kind_phrases_first_idx ON map_kind_phrases (first_word);
INSERT INTO map_kind_phrases (kind, phrase, replacement) VALUES
  ('*', 'the', ''), ('*', 'of', ''), ('*', 'and', ''), ('*', 'or', ''), ('*', 'with', ''), ('*', 'w', ''),
  ('*', 'for', ''), ('*', 'per', ''), ('*', 'de', ''), ('*', 'la', ''), ('*', 'le', ''), ('*', 'el', ''),
  ('*', 'del', ''), ('*', 'des', ''), ('*', 'du', ''), ('*', 'et', ''), ('*', 'und', ''), ('*', 'mit', ''),
  ('*', 'con', ''), ('*', 'avec', ''), ('*', 'intl', 'international'), ('*', 'int', 'international'),
  ('*', 'natl', 'national'), ('*', 'incl', 'included'), ('*', 'inc', 'included'),
  ('*', 'inclusive', 'included'), ('*', 'including', 'included'),
  -- Suppliers: the words a brand's name carries for what it does, and company forms.
  ('supplier', 'rent a car', ''), ('supplier', 'rentacar', ''), ('supplier', 'car rental', ''),
  ('supplier', 'car rentals', ''), ('supplier', 'car hire', ''), ('supplier', 'rental', ''),
  ('supplier', 'rentals', ''), ('supplier', 'hire', ''), ('supplier', 'car', ''), ('supplier', 'cars', ''),
  ('supplier', 'rent', ''), ('supplier', 'autovermietung', ''), ('supplier', 'autonoleggio', ''),
  ('supplier', 'alquiler', ''), ('supplier', 'coches', ''), ('supplier', 'location', ''),
  ('supplier', 'voitures', ''), ('supplier', 'by', ''), ('supplier', 'a', ''), ('supplier', 'included', ''),
  ('supplier', 'ltd', ''), ('supplier', 'limited', ''), ('supplier', 'gmbh', ''), ('supplier', 'llc', ''),
  ('supplier', 'plc', ''), ('supplier', 'srl', ''), ('supplier', 'spa', ''), ('supplier', 'sl', ''),
  ('supplier', 'sa', ''), ('supplier', 'corp', ''), ('supplier', 'corporation', ''), ('supplier', 'group', ''),
  ('supplier', 'company', ''), ('supplier', 'co', ''), ('supplier', 'holdings', ''),
  ('supplier', 'rent a', ''),
  -- Cars: make abbreviations and other names of one make, body words, "or similar".
  ('car', 'vw', 'volkswagen'), ('car', 'volkswagon', 'volkswagen'), ('car', 'merc', 'mercedes benz'),
  ('car', 'mercedes', 'mercedes benz'), ('car', 'mercedes benz', 'mercedes benz'), ('car', 'mb', 'mercedes benz'),
  ('car', 'benz', 'mercedes benz'), ('car', 'chevy', 'chevrolet'), ('car', 'vauxhall', 'opel'),
  ('car', 'citroen', 'citroen'), ('car', 'alfa', 'alfa romeo'), ('car', 'alfa romeo', 'alfa romeo'),
  ('car', 'land rover', 'landrover'), ('car', 'range rover', 'rangerover'), ('car', 'rr', 'rangerover'),
  ('car', 'or similar', ''), ('car', 'similar', ''), ('car', 'or sim', ''), ('car', 'oder aehnlich', ''),
  ('car', 'o a', ''), ('car', 'ou similaire', ''), ('car', 'o similar', ''), ('car', 'guaranteed', ''),
  ('car', 'guaranteed model', ''), ('car', 'new', ''), ('car', 'car', ''), ('car', 'vehicle', ''),
  ('car', 'series', 'series'), ('car', 'serie', 'series'), ('car', 'er', 'series'), ('car', 'reeks', 'series'),
  ('car', 'klasse', 'class'), ('car', 'clase', 'class'), ('car', 'classe', 'class'), ('car', 'cl', 'class'),
  ('car', 'cabrio', 'convertible'), ('car', 'cabriolet', 'convertible'), ('car', 'conv', 'convertible'),
  ('car', 'variant', 'estate'), ('car', 'wagon', 'estate'), ('car', 'sw', 'estate'), ('car', 'sportwagen', 'estate'),
  ('car', 'sports tourer', 'estate'), ('car', 'touring', 'estate'), ('car', 'kombi', 'estate'),
  ('car', 'break', 'estate'), ('car', 'avant', 'estate'), ('car', 'grandtour', 'estate'),
  ('car', 'station wagon', 'estate'), ('car', 'combi', 'estate'), ('car', 'hev', 'hybrid'),
  ('car', 'hybride', 'hybrid'), ('car', 'hybrido', 'hybrid'),
  ('car', 'dr', 'door'), ('car', 'doors', 'door'), ('car', 'auto', 'automatic'), ('car', 'aut', 'automatic'),
  ('car', 'man', 'manual'), ('car', 'aircon', 'air'), ('car', 'ac', 'air'),
  ('car', 'spacetourer', 'spacetourer'), ('car', 'space tourer', 'spacetourer'),
  ('car', 'tourer', 'tourer'),
  -- Car classes: the ways rental companies write the ACRISS letters' words.
  ('car_class', 'car', ''), ('car_class', 'class', ''), ('car_class', 'group', ''), ('car_class', 'vehicle', ''),
  ('car_class', 'category', ''), ('car_class', 'or similar', ''), ('car_class', 'similar', ''),
  ('car_class', 'eco', 'economy'), ('car_class', 'econ', 'economy'), ('car_class', 'econo', 'economy'),
  ('car_class', 'cmpt', 'compact'), ('car_class', 'comp', 'compact'), ('car_class', 'cpt', 'compact'),
  ('car_class', 'inter', 'intermediate'), ('car_class', 'interm', 'intermediate'),
  ('car_class', 'intermed', 'intermediate'), ('car_class', 'int', 'intermediate'),
  ('car_class', 'international', 'intermediate'), ('car_class', 'midsize', 'intermediate'),
  ('car_class', 'mid size', 'intermediate'), ('car_class', 'medium', 'intermediate'),
  ('car_class', 'std', 'standard'), ('car_class', 'stnd', 'standard'),
  ('car_class', 'full size', 'fullsize'), ('car_class', 'fullsized', 'fullsize'), ('car_class', 'full', 'fullsize'),
  ('car_class', 'fsize', 'fullsize'), ('car_class', 'prem', 'premium'), ('car_class', 'lux', 'luxury'),
  ('car_class', 'luxe', 'luxury'), ('car_class', 'sub compact', 'subcompact'),
  ('car_class', 'two', '2'), ('car_class', 'three', '3'), ('car_class', 'four', '4'), ('car_class', 'five', '5'),
  ('car_class', 'dr', 'door'), ('car_class', 'doors', 'door'), ('car_class', 'drs', 'door'),
  ('car_class', 'hatchback', '4 5 door'), ('car_class', 'hatch', '4 5 door'),
  ('car_class', 'auto', 'automatic'), ('car_class', 'aut', 'automatic'), ('car_class', 'automatik', 'automatic'),
  ('car_class', 'automatique', 'automatic'), ('car_class', 'automatico', 'automatic'),
  ('car_class', 'at', 'automatic'), ('car_class', 'man', 'manual'), ('car_class', 'mt', 'manual'),
  ('car_class', 'manuell', 'manual'), ('car_class', 'manuelle', 'manual'), ('car_class', 'manuale', 'manual'),
  ('car_class', 'stick', 'manual'), ('car_class', 'stick shift', 'manual'),
  ('car_class', 'aircon', 'air'), ('car_class', 'ac', 'air'), ('car_class', 'air conditioning', 'air'),
  ('car_class', 'air conditioned', 'air'), ('car_class', 'airco', 'air'), ('car_class', 'clima', 'air'),
  ('car_class', 'climatisation', 'air'), ('car_class', 'klima', 'air'), ('car_class', 'aria condizionata', 'air'),
  ('car_class', 'no air', 'noair'), ('car_class', 'without air', 'noair'), ('car_class', 'non air', 'noair'),
  ('car_class', 'no ac', 'noair'), ('car_class', 'non ac', 'noair'), ('car_class', 'no aircon', 'noair'),
  ('car_class', 'estate', 'wagon'), ('car_class', 'kombi', 'wagon'), ('car_class', 'station wagon', 'wagon'),
  ('car_class', 'break', 'wagon'), ('car_class', 'saloon', 'sedan'), ('car_class', 'limousine', 'sedan'),
  ('car_class', 'cabrio', 'convertible'), ('car_class', 'cabriolet', 'convertible'),
  ('car_class', 'mpv', 'monospace'), ('car_class', 'people carrier', 'monospace'),
  ('car_class', 'minivan', 'passenger van'), ('car_class', 'mini van', 'passenger van'),
  ('car_class', 'minibus', 'passenger van'), ('car_class', 'van', 'passenger van'),
  ('car_class', 'passenger van', 'passenger van'),
  ('car_class', 'sport utility', 'suv'), ('car_class', 'sport utility vehicle', 'suv'), ('car_class', '4x4', '4wd'),
  ('car_class', '4 x 4', '4wd'), ('car_class', '4 wd', '4wd'), ('car_class', 'four wheel drive', '4wd'),
  ('car_class', 'all wheel drive', 'awd'), ('car_class', 'a wd', 'awd'), ('car_class', 'pick up', 'pickup'),
  ('car_class', 'motor home', 'motorhome'), ('car_class', 'camper', 'motorhome'),
  ('car_class', 'campervan', 'motorhome'), ('car_class', 'gasoline', 'petrol'), ('car_class', 'gas', 'petrol'),
  ('car_class', 'benzin', 'petrol'), ('car_class', 'unleaded', 'petrol'), ('car_class', 'ev', 'electric'),
  ('car_class', 'elec', 'electric'), ('car_class', 'electrique', 'electric'), ('car_class', 'elektro', 'electric'),
  ('car_class', 'bev', 'electric'), ('car_class', 'hyb', 'hybrid'), ('car_class', 'hev', 'hybrid'),
  ('car_class', 'phev', 'plugin hybrid'), ('car_class', 'plug in hybrid', 'plugin hybrid'),
  ('car_class', 'plug in', 'plugin'), ('car_class', 'cng', 'lpg'), ('car_class', 'compressed gas', 'lpg'),
  ('car_class', 'unspecified fuel', 'unspecified'), ('car_class', 'multi fuel', 'multifuel'),
  ('car_class', 'multi fuel power', 'multifuel'), ('car_class', 'power', ''), ('car_class', 'fuel', ''),
  ('car_class', 'drive unspecified', ''), ('car_class', 'unspecified drive', ''),
  ('car_class', 'open air all terrain', 'allterrain'), ('car_class', 'all terrain', 'allterrain'),
  ('car_class', 'recreational vehicle', 'rv'), ('car_class', 'special offer car', 'specialoffer'),
  ('car_class', 'special offer', 'specialoffer'), ('car_class', '2 wheel vehicle', 'motorbike'),
  ('car_class', 'motorcycle', 'motorbike'), ('car_class', 'scooter', 'motorbike'),
  ('car_class', 'commercial van truck', 'commercial'), ('car_class', 'commercial van', 'commercial'),
  ('car_class', 'truck', 'commercial'), ('car_class', 'double cab', 'doublecab'),
  ('car_class', 'extended cab', 'singlecab'), ('car_class', 'single cab', 'singlecab'),
  ('car_class', 'single extended cab', 'singlecab'),
  -- Options: extras as feeds and counters call them.
  ('option', 'gps', 'navigation'), ('option', 'sat nav', 'navigation'), ('option', 'satnav', 'navigation'),
  ('option', 'navigation system', 'navigation'), ('option', 'navigational system', 'navigation'),
  ('option', 'nav', 'navigation'), ('option', 'navi', 'navigation'), ('option', 'navigator', 'navigation'),
  ('option', 'navigationssystem', 'navigation'), ('option', 'navegador', 'navigation'),
  ('option', 'navigatore', 'navigation'), ('option', 'gps navigation', 'navigation'),
  ('option', 'baby seat', 'infant seat'), ('option', 'baby', 'infant'), ('option', 'babyschale', 'infant seat'),
  ('option', 'infant car seat', 'infant seat'), ('option', 'rear facing', 'infant'),
  ('option', 'toddler seat', 'child seat'), ('option', 'toddler', 'child'), ('option', 'kindersitz', 'child seat'),
  ('option', 'child car seat', 'child seat'), ('option', 'childseat', 'child seat'),
  ('option', 'kids seat', 'child seat'), ('option', 'kid seat', 'child seat'),
  ('option', 'booster cushion', 'booster seat'), ('option', 'booster', 'booster seat'),
  ('option', 'booster seat', 'booster seat'), ('option', 'sitzerhohung', 'booster seat'),
  ('option', 'seat', 'seat'), ('option', 'snowchains', 'snow chains'), ('option', 'tire chains', 'snow chains'),
  ('option', 'tyre chains', 'snow chains'), ('option', 'chains', 'snow chains'),
  ('option', 'snow chains', 'snow chains'), ('option', 'tires', 'tyres'), ('option', 'tire', 'tyres'),
  ('option', 'tyre', 'tyres'), ('option', 'snow tyres', 'winter tyres'), ('option', 'winterreifen', 'winter tyres'),
  ('option', 'ski', 'ski'), ('option', 'skis', 'ski'), ('option', 'ski carrier', 'ski rack'),
  ('option', 'ski box', 'ski rack'), ('option', 'skiträger', 'ski rack'),
  ('option', 'roofbox', 'roof box'), ('option', 'cargo box', 'roof box'), ('option', 'roof top box', 'roof box'),
  ('option', 'roof rack', 'roof box'), ('option', 'bike', 'bicycle'), ('option', 'bikes', 'bicycle'),
  ('option', 'cycle', 'bicycle'), ('option', 'carrier', 'rack'), ('option', 'holder', 'rack'),
  ('option', 'wifi', 'wifi'), ('option', 'wi fi', 'wifi'), ('option', 'wireless internet', 'wifi'),
  ('option', 'portable wifi', 'wifi'), ('option', 'internet', 'wifi'), ('option', 'router', 'hotspot'),
  ('option', 'toll pass', 'toll transponder'), ('option', 'toll tag', 'toll transponder'),
  ('option', 'e toll', 'toll transponder'), ('option', 'etoll', 'toll transponder'),
  ('option', 'telepass', 'toll transponder'), ('option', 'via t', 'toll transponder'),
  ('option', 'tolls', 'toll'), ('option', 'pass', 'transponder'), ('option', 'tag', 'transponder'),
  ('option', 'extra driver', 'additional driver'), ('option', 'second driver', 'additional driver'),
  ('option', 'add driver', 'additional driver'), ('option', 'addl driver', 'additional driver'),
  ('option', 'add l driver', 'additional driver'), ('option', 'additional drivers', 'additional driver'),
  ('option', 'zusatzfahrer', 'additional driver'), ('option', 'conductor adicional', 'additional driver'),
  ('option', 'under 25', 'young driver'), ('option', 'underage', 'young driver'),
  ('option', 'young driver surcharge', 'young driver'), ('option', 'junior driver', 'young driver'),
  ('option', 'young drivers', 'young driver'), ('option', 'youthful driver', 'young driver'),
  ('option', 'senior', 'senior'), ('option', 'elderly driver', 'senior driver'), ('option', 'over 70', 'senior driver'),
  ('option', 'older driver', 'senior driver'),
  ('option', 'super cover', 'full protection'), ('option', 'super cdw', 'full protection'),
  ('option', 'scdw', 'full protection'), ('option', 'zero excess', 'full protection'),
  ('option', 'no excess', 'full protection'), ('option', 'excess reduction', 'full protection'),
  ('option', 'full cover', 'full protection'), ('option', 'full insurance', 'full protection'),
  ('option', 'premium cover', 'full protection'), ('option', 'zero deductible', 'full protection'),
  ('option', 'windscreen', 'glass'), ('option', 'windshield', 'glass'), ('option', 'wtp', 'glass tyres cover'),
  ('option', 'glass tires', 'glass tyres'), ('option', 'protection', 'protection'), ('option', 'insurance', 'insurance'),
  ('option', 'pai', 'personal accident insurance'), ('option', 'personal accident', 'personal accident insurance'),
  ('option', 'personal accident insurance', 'personal accident insurance'),
  ('option', 'cross border', 'cross border'), ('option', 'crossborder', 'cross border'),
  ('option', 'travel abroad', 'cross border'), ('option', 'foreign travel', 'cross border'),
  ('option', 'one way', 'one way'), ('option', 'oneway', 'one way'), ('option', 'one way fee', 'one way'),
  ('option', 'drop off fee', 'one way'), ('option', 'drop fee', 'one way'),
  ('option', 'after hours', 'out hours'), ('option', 'out of hours', 'out hours'),
  ('option', 'outside office hours', 'out hours'), ('option', 'out hours', 'out hours'),
  ('option', 'pick up', 'pickup'), ('option', 'kg', ''), ('option', 'fee', ''), ('option', 'charge', ''),
  ('option', 'surcharge', ''), ('option', 'rental', ''), ('option', 'daily', ''), ('option', 'day', ''),
  ('option', 'extra', ''), ('option', 'optional', ''),
  -- Included items: what a rate includes, as feeds say it.
  ('included_item', 'cdw', 'collision damage waiver'), ('included_item', 'ldw', 'collision damage waiver'),
  ('included_item', 'loss damage waiver', 'collision damage waiver'),
  ('included_item', 'damage waiver', 'collision damage waiver'),
  ('included_item', 'collision damage waiver', 'collision damage waiver'),
  ('included_item', 'collision damage', 'collision damage waiver'),
  ('included_item', 'tp', 'theft protection'), ('included_item', 'thw', 'theft protection'),
  ('included_item', 'theft waiver', 'theft protection'), ('included_item', 'theft insurance', 'theft protection'),
  ('included_item', 'theft protection waiver', 'theft protection'), ('included_item', 'theft cover', 'theft protection'),
  ('included_item', 'tpl', 'third party liability'), ('included_item', 'sli', 'third party liability'),
  ('included_item', 'lis', 'third party liability'), ('included_item', 'liability insurance', 'third party liability'),
  ('included_item', '3rd party', 'third party'), ('included_item', 'third party insurance', 'third party liability'),
  ('included_item', 'liability', 'liability'),
  ('included_item', 'unlimited km', 'unlimited mileage'), ('included_item', 'unlimited kms', 'unlimited mileage'),
  ('included_item', 'unlimited kilometers', 'unlimited mileage'),
  ('included_item', 'unlimited kilometres', 'unlimited mileage'), ('included_item', 'unlimited miles', 'unlimited mileage'),
  ('included_item', 'unl mileage', 'unlimited mileage'), ('included_item', 'unl', 'unlimited mileage'),
  ('included_item', 'unlimited mileage', 'unlimited mileage'),
  ('included_item', 'km', 'mileage'), ('included_item', 'kms', 'mileage'), ('included_item', 'kilometres', 'mileage'),
  ('included_item', 'kilometers', 'mileage'), ('included_item', 'miles', 'mileage'),
  ('included_item', 'kilometrage illimite', 'unlimited mileage'), ('included_item', 'kilometraje ilimitado', 'unlimited mileage'),
  ('included_item', 'chilometraggio illimitato', 'unlimited mileage'),
  ('included_item', 'freikilometer', 'unlimited mileage'),
  ('included_item', 'airport fee', 'airport surcharge'), ('included_item', 'airport tax', 'airport surcharge'),
  ('included_item', 'airport concession fee', 'airport surcharge'),
  ('included_item', 'airport surcharge fee', 'airport surcharge'), ('included_item', 'premium location', 'airport surcharge'),
  ('included_item', 'vat', 'local taxes'), ('included_item', 'tax', 'taxes'), ('included_item', 'taxes', 'taxes'),
  ('included_item', 'sales tax', 'local taxes'), ('included_item', 'iva', 'local taxes'),
  ('included_item', 'mwst', 'local taxes'), ('included_item', 'tva', 'local taxes'), ('included_item', 'gst', 'local taxes'),
  ('included_item', 'road tax', 'road fee'), ('included_item', 'vehicle licensing fee', 'road fee'),
  ('included_item', 'vehicle license fee', 'road fee'), ('included_item', 'vlf', 'road fee'),
  ('included_item', 'registration fee', 'road fee'),
  ('included_item', 'breakdown assistance', 'roadside assistance'), ('included_item', 'breakdown cover', 'roadside assistance'),
  ('included_item', 'road assistance', 'roadside assistance'), ('included_item', 'rsa', 'roadside assistance'),
  ('included_item', '24h assistance', 'roadside assistance'), ('included_item', '24 h assistance', 'roadside assistance'),
  ('included_item', 'assistance', 'assistance'), ('included_item', 'breakdown', 'roadside'),
  ('included_item', 'cancellation free', 'free cancellation'), ('included_item', 'free cancelation', 'free cancellation'),
  ('included_item', 'cancelation', 'cancellation'), ('included_item', 'no cancellation fee', 'free cancellation'),
  ('included_item', 'full full', 'full to full'), ('included_item', 'full tank', 'full to full'),
  ('included_item', 'full to full fuel', 'full to full'), ('included_item', 'fuel policy full', 'full to full'),
  ('included_item', 'add driver', 'additional driver'), ('included_item', 'extra driver', 'additional driver'),
  ('included_item', 'second driver', 'additional driver'), ('included_item', 'additional drivers', 'additional driver'),
  ('included_item', 'winter tyres', 'winter equipment'), ('included_item', 'winter tires', 'winter equipment'),
  ('included_item', 'snow tyres', 'winter equipment'), ('included_item', 'winter package', 'winter equipment'),
  ('included_item', 'admin fee', 'contract fee'), ('included_item', 'administration fee', 'contract fee'),
  ('included_item', 'booking fee', 'contract fee'), ('included_item', 'young driver surcharge', 'young driver fee'),
  ('included_item', 'under 25', 'young driver'), ('included_item', 'included', ''), ('included_item', 'free', 'free'),
  ('included_item', 'insurance', 'insurance'), ('included_item', 'fee', 'fee'),
  -- Offices: the words feeds add around a desk's name.
  ('office', 'rent a car', ''), ('office', 'car rental', ''), ('office', 'car hire', ''), ('office', 'rental', ''),
  ('office', 'desk', ''), ('office', 'counter', ''), ('office', 'office', ''), ('office', 'branch', ''),
  ('office', 'apt', 'airport'), ('office', 'arpt', 'airport'), ('office', 'aeropuerto', 'airport'),
  ('office', 'aeroporto', 'airport'), ('office', 'aeroport', 'airport'), ('office', 'flughafen', 'airport'),
  ('office', 'terminal', 'terminal'), ('office', 'term', 'terminal'), ('office', 'stn', 'station'),
  ('office', 'railway station', 'station'), ('office', 'train station', 'station'), ('office', 'hbf', 'station'),
  ('office', 'bahnhof', 'station'), ('office', 'gare', 'station'), ('office', 'estacion', 'station'),
  ('office', 'stazione', 'station'), ('office', 'downtown', 'city'), ('office', 'city centre', 'city'),
  ('office', 'city center', 'city'), ('office', 'centre', 'city'), ('office', 'center', 'city'),
  ('office', 'centro', 'city'), ('office', 'zentrum', 'city'), ('office', 'st', 'saint'), ('office', 'mt', 'mount');

-- A name as a kind's ranking reads it: lower case, no accents, apostrophes closed up, "A/C" as
-- air, for cars and classes letters and digits apart ("C300", "4dr", "i10"), then read from left
-- to right, each place taking the longest of the kind's phrases that starts there (so a
-- replacement is never read again: "van" → "passenger van" leaves "passenger van" alone). Only
-- the phrases whose first word the name has are read from the table (a name's own few, not all).
CREATE FUNCTION map_name_text(_kind text, _name text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  t text;
  words text[];
  phrases text[];
  replacements text[];
  sizes integer[];
  out text[] := '{}';
  i integer := 1;
  j integer;
  taken boolean;
BEGIN
  t := lower(public.unaccent('public.unaccent'::regdictionary, coalesce(_name, '')));
  t := regexp_replace(t, '[''‘’ʻʼ`´]', '', 'g');
  t := replace(replace(t, 'a/c', ' aircon '), '&', ' and ');
  -- Model numbers that name a series: a BMW "320d", "M340i" or "530e" is its 3 or 5 Series, a
  -- Mercedes "C220", "E 350" or "GLE350" its C-, E- or GLE-Class, as fleets list them.
  IF _kind = 'car' AND t ~ '\mbmw\M' THEN
    t := regexp_replace(t, '\mm?([1-8])[0-9]{2}(i|d|e|ci|is|xi|li|td|tds)?\M', '\1 series', 'g');
  END IF;
  IF _kind = 'car' AND t ~ '\m(mercedes|benz|merc|mb)\M' THEN
    t := regexp_replace(t, '\m(a|b|c|e|s|g|v|cl|cla|cls|clk|gla|glb|glc|gle|gls|gl|ml|sl|slc|slk) ?[0-9]{2,3}(d|e|h|cdi)?\M',
                        '\1 class', 'g');
  END IF;
  IF _kind IN ('car', 'car_class') THEN
    t := regexp_replace(regexp_replace(t, '([a-z])([0-9])', '\1 \2', 'g'), '([0-9])([a-z])', '\1 \2', 'g');
  END IF;
  t := btrim(regexp_replace(t, '[^a-z0-9]+', ' ', 'g'));
  IF t = '' THEN RETURN ''; END IF;
  words := string_to_array(t, ' ');
  SELECT array_agg(p.phrase ORDER BY p.size DESC, p.kind DESC, p.phrase),
         array_agg(p.replacement ORDER BY p.size DESC, p.kind DESC, p.phrase),
         array_agg(p.size ORDER BY p.size DESC, p.kind DESC, p.phrase)
    INTO phrases, replacements, sizes
    FROM (SELECT p.*, array_length(string_to_array(p.phrase, ' '), 1) AS size
            FROM public.map_kind_phrases p
           WHERE p.kind IN (_kind, '*') AND p.first_word = ANY (words)) p;
  WHILE i <= cardinality(words) LOOP
    taken := false;
    IF phrases IS NOT NULL THEN
      FOR j IN 1 .. cardinality(phrases) LOOP
        IF i + sizes[j] - 1 <= cardinality(words)
           AND array_to_string(words[i:i + sizes[j] - 1], ' ') = phrases[j] THEN
          IF replacements[j] <> '' THEN out := out || replacements[j]; END IF;
          i := i + sizes[j];
          taken := true;
          EXIT;
        END IF;
      END LOOP;
    END IF;
    IF NOT taken THEN
      out := out || words[i];
      i := i + 1;
    END IF;
  END LOOP;
  RETURN array_to_string(out, ' ');
END $$;

-- Its words, in order: as written after the phrases (raw) and as their skeletons (word; a word
-- with a digit stays as written: the skeleton's doubled letters would make "2008" a "208").
CREATE FUNCTION map_name_words(_kind text, _name text)
RETURNS TABLE (n integer, raw text, word text) LANGUAGE sql IMMUTABLE PARALLEL SAFE ROWS 6 AS $$
  SELECT w.n::integer, w.raw, CASE WHEN w.raw ~ '[0-9]' THEN w.raw ELSE public.map_skeleton(w.raw) END
    FROM regexp_split_to_table(public.map_name_text(_kind, _name), ' ') WITH ORDINALITY AS w(raw, n)
   WHERE w.raw <> ''
$$;

-- A name to compare with (a candidate's own name, its make and model, its description; a merchant
-- record's name), and how much a word found in it counts.
CREATE TYPE map_named AS (id integer, weight double precision, name text);
-- One word of one of a candidate's names (name_no tells its names apart).
CREATE TYPE map_name_word AS (id integer, name_no integer, weight double precision, word text);

-- The names a price-watch record of a small kind is compared by, numbered: its name; for a name
-- with a part in brackets, the name without it ("Infant seat (0-13 kg)" is also "Infant seat", so
-- "Baby seat" covers a whole name); a car's make and model; an included item's description, whose
-- words count 0.6.
CREATE FUNCTION map_kind_catalogue_names(_kind text, _ids integer[])
RETURNS TABLE (id integer, name_no integer, weight double precision, name text) LANGUAGE plpgsql STABLE AS $$
DECLARE
  _table text := (SELECT k.pricewatch_table FROM map_kinds k WHERE k.kind = _kind);
BEGIN
  RETURN QUERY EXECUTE format($q$
    SELECT p.id, 1, 1.0::double precision, p.name FROM %1$I p WHERE p.id = ANY ($1)
    UNION ALL
    SELECT p.id, 2, 1.0, btrim(regexp_replace(p.name, '\([^)]*\)', ' ', 'g')) FROM %1$I p
     WHERE p.id = ANY ($1) AND p.name ~ '\(.*\)' $q$, _table) USING _ids;
  IF _kind = 'car' THEN
    RETURN QUERY SELECT p.id, 3, 1.0::double precision, p.make || ' ' || p.model FROM pricewatch_cars p
                  WHERE p.id = ANY (_ids) AND p.make || ' ' || p.model <> p.name;
  ELSIF _kind = 'included_item' THEN
    RETURN QUERY SELECT p.id, 4, 0.6::double precision, p.description FROM pricewatch_included_items p
                  WHERE p.id = ANY (_ids) AND p.description IS NOT NULL;
  END IF;
END $$;

-- The words of those names, kept current by the triggers below (reading a kind's phrases for every
-- candidate on every call took most of a map list's time).
CREATE TABLE pricewatch_kind_words (
  kind text NOT NULL,
  record_id integer NOT NULL,
  name_no integer NOT NULL,
  weight double precision NOT NULL,
  word text NOT NULL,
  PRIMARY KEY (kind, record_id, name_no, word)
);

CREATE FUNCTION map_kind_words_refresh(_kind text, _ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pricewatch_kind_words w WHERE w.kind = _kind AND w.record_id = ANY (_ids);
  INSERT INTO pricewatch_kind_words (kind, record_id, name_no, weight, word)
  SELECT DISTINCT _kind, n.id, n.name_no, n.weight, w.word
    FROM map_kind_catalogue_names(_kind, _ids) n CROSS JOIN LATERAL map_name_words(_kind, n.name) w;
END $$;

-- TG_ARGV[0] is the kind. One refresh per statement, of the rows it touched.
CREATE FUNCTION pricewatch_kind_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM map_kind_words_refresh(TG_ARGV[0], array(SELECT id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM map_kind_words_refresh(TG_ARGV[0], array(SELECT id FROM old_rows));
  ELSE
    PERFORM map_kind_words_refresh(TG_ARGV[0], array(SELECT id FROM new_rows UNION SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE
  k record;
BEGIN
  FOR k IN SELECT kind, pricewatch_table FROM map_kinds
            WHERE kind IN ('supplier', 'car_class', 'car', 'option', 'included_item') LOOP
    EXECUTE format('CREATE TRIGGER %1$I AFTER INSERT ON %2$I REFERENCING NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION pricewatch_kind_words_changed(%3$L)',
                   k.pricewatch_table || '_words_inserted', k.pricewatch_table, k.kind);
    EXECUTE format('CREATE TRIGGER %1$I AFTER UPDATE ON %2$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION pricewatch_kind_words_changed(%3$L)',
                   k.pricewatch_table || '_words_updated', k.pricewatch_table, k.kind);
    EXECUTE format('CREATE TRIGGER %1$I AFTER DELETE ON %2$I REFERENCING OLD TABLE AS old_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION pricewatch_kind_words_changed(%3$L)',
                   k.pricewatch_table || '_words_deleted', k.pricewatch_table, k.kind);
    EXECUTE format('SELECT map_kind_words_refresh(%L, array(SELECT id FROM %I))', k.kind, k.pricewatch_table);
  END LOOP;
END $$;

-- How well each candidate's names cover a merchant name, within a kind: each merchant word weighs
-- its IDF over the candidates' own names (weight 1; a word no name has weighs as much as the
-- rarest does, but half: it cannot tell candidates apart, yet it is unexplained); its evidence is
-- the best match among a candidate's names' words (map_word_match, times the name's weight; a
-- word with a digit only as written: a "2008" is not a "208").
-- cover: the IDF share of the merchant words covered; named: the IDF share of the words of the
-- candidate's best-covered name that the merchant name has; exact: the IDF share covered as
-- written (not as a typo). score: 0.5·cover + 0.5·named, halved when each side has a number the
-- other lacks.
CREATE FUNCTION map_kind_name_scores(_kind text, _name text, _words map_name_word[])
RETURNS TABLE (id integer, score double precision, cover double precision, named double precision,
  exact double precision, evidence text)
LANGUAGE sql STABLE SET jit = off AS $$
  WITH mw AS MATERIALIZED (
    SELECT DISTINCT ON (w.word) w.n, w.raw, w.word FROM public.map_name_words(_kind, _name) w ORDER BY w.word, w.n),
  cw AS MATERIALIZED (SELECT DISTINCT w.id, w.name_no, w.weight, w.word FROM unnest(_words) w),
  cn AS MATERIALIZED (SELECT DISTINCT cw.id FROM cw),
  total AS (SELECT greatest(count(*), 1)::double precision AS n FROM cn),
  idf AS (
    SELECT cw.word, ln((total.n + 1) / (count(DISTINCT cw.id) FILTER (WHERE cw.weight >= 1) + 0.5)) AS idf
      FROM cw, total GROUP BY cw.word, total.n),
  vocabulary AS (SELECT DISTINCT cw.word FROM cw),
  pairs AS MATERIALIZED (
    SELECT m.word AS mword, v.word AS cword,
           CASE WHEN m.word ~ '[0-9]' OR v.word ~ '[0-9]' THEN (m.word = v.word)::int::double precision
                ELSE public.map_word_match(m.word, v.word) END AS q
      FROM mw m CROSS JOIN vocabulary v),
  known AS (
    SELECT DISTINCT ON (p.mword) p.mword, i.idf FROM pairs p JOIN idf i ON i.word = p.cword
     WHERE p.q > 0 ORDER BY p.mword, p.q DESC, i.idf DESC),
  mweight AS (
    SELECT m.n, m.raw, m.word, coalesce(k.idf, 0.5 * ln((SELECT n FROM total) + 1)) AS idf
      FROM mw m LEFT JOIN known k ON k.mword = m.word),
  mtotal AS (SELECT sum(idf) AS idf FROM mweight),
  best AS (
    SELECT DISTINCT ON (c.id, m.word) c.id, m.word, m.raw, m.n, m.idf, p.q * c.weight AS q, p.q AS word_q
      FROM cw c JOIN pairs p ON p.cword = c.word AND p.q > 0 JOIN mweight m ON m.word = p.mword
     ORDER BY c.id, m.word, p.q * c.weight DESC),
  coverage AS (
    SELECT b.id, sum(b.idf * b.q) / nullif((SELECT idf FROM mtotal), 0) AS cover,
           sum(b.idf) FILTER (WHERE b.word_q = 1) / nullif((SELECT idf FROM mtotal), 0) AS exact,
           string_agg(b.raw || CASE WHEN b.word_q < 1 THEN '~' ELSE '' END, ', ' ORDER BY b.n) AS words
      FROM best b GROUP BY b.id),
  -- Per candidate name: the IDF share of its words that some merchant word matches.
  found AS (SELECT p.cword, max(p.q) AS q FROM pairs p WHERE p.q > 0 GROUP BY p.cword),
  per_name AS (
    SELECT c.id, c.name_no, sum(i.idf * coalesce(f.q, 0)) / nullif(sum(i.idf), 0) AS named
      FROM cw c JOIN idf i ON i.word = c.word LEFT JOIN found f ON f.cword = c.word
     WHERE c.weight >= 1
     GROUP BY c.id, c.name_no),
  named AS (SELECT pn.id, max(pn.named) AS named FROM per_name pn GROUP BY pn.id),
  -- A number on each side that the other lacks ("Audi A8" and "Audi A4", "Peugeot 2008" and
  -- "Peugeot 208"): another model of the line, not a detail; the name counts half.
  clash AS (
    SELECT DISTINCT c.id FROM cw c
     WHERE c.weight >= 1 AND c.word ~ '[0-9]' AND NOT EXISTS (SELECT 1 FROM found f WHERE f.cword = c.word)
       AND EXISTS (SELECT 1 FROM mweight m
                    WHERE m.word ~ '[0-9]' AND NOT EXISTS (SELECT 1 FROM best b WHERE b.id = c.id AND b.word = m.word)))
  SELECT cn.id,
         (0.5 * coalesce(max(co.cover), 0) + 0.5 * coalesce(max(nm.named), 0))
         * CASE WHEN bool_or(cl.id IS NOT NULL) THEN 0.5 ELSE 1 END,
         coalesce(max(co.cover), 0), coalesce(max(nm.named), 0), coalesce(max(co.exact), 0),
         CASE WHEN max(co.words) IS NOT NULL THEN 'name: ' || max(co.words) END
    FROM cn LEFT JOIN coverage co ON co.id = cn.id LEFT JOIN named nm ON nm.id = cn.id
    LEFT JOIN clash cl ON cl.id = cn.id
   GROUP BY cn.id
$$;

-- The words of a car class description read as ACRISS letters: for each of the code's four
-- positions (1 category, 2 body, 3 gearbox and drive, 4 fuel and air) a term and the letters it
-- allows, the likeliest first ("air" alone is R, unspecified fuel with air).
CREATE TABLE map_acriss_terms (
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 4),
  term text NOT NULL,
  letters text NOT NULL,
  PRIMARY KEY (position, term)
);
INSERT INTO map_acriss_terms (position, term, letters) VALUES
  (1, 'mini', 'M'), (1, 'mini elite', 'N'), (1, 'economy', 'E'), (1, 'economy elite', 'H'),
  (1, 'subcompact', 'E'), (1, 'compact', 'C'), (1, 'compact elite', 'D'), (1, 'intermediate', 'I'),
  (1, 'intermediate elite', 'J'), (1, 'standard', 'S'), (1, 'standard elite', 'R'), (1, 'fullsize', 'F'),
  (1, 'fullsize elite', 'G'), (1, 'premium', 'P'), (1, 'premium elite', 'U'), (1, 'luxury', 'L'),
  (1, 'luxury elite', 'W'), (1, 'oversize', 'O'), (1, 'special', 'X'),
  (2, '2 3 door', 'B'), (2, '3 door', 'B'), (2, '2 door', 'BC'), (2, '2 4 door', 'C'), (2, '4 5 door', 'D'),
  (2, '5 door', 'D'), (2, '4 door', 'DC'), (2, 'wagon', 'W'), (2, 'passenger van', 'V'), (2, 'sedan', 'L'),
  (2, 'sport', 'S'), (2, 'sports', 'S'), (2, 'convertible', 'T'), (2, 'suv', 'F'), (2, 'allterrain', 'J'),
  (2, 'pickup', 'QP'), (2, 'doublecab', 'Q'), (2, 'singlecab', 'P'), (2, 'specialoffer', 'Z'), (2, 'coupe', 'E'),
  (2, 'monospace', 'M'), (2, 'rv', 'R'), (2, 'motorhome', 'H'), (2, 'motorbike', 'Y'), (2, 'roadster', 'N'),
  (2, 'crossover', 'G'), (2, 'commercial', 'K'),
  (3, 'manual', 'MNC'), (3, 'automatic', 'ABD'), (3, '4wd', 'NB'), (3, 'awd', 'CD'),
  (4, 'air', 'RDHIECLAMVU'), (4, 'noair', 'NQZXSBF'), (4, 'unspecified', 'RN'), (4, 'diesel', 'DQ'),
  (4, 'hybrid', 'HI'), (4, 'plugin', 'I'), (4, 'electric', 'EC'), (4, 'electric plus', 'C'), (4, 'lpg', 'LS'),
  (4, 'hydrogen', 'AB'), (4, 'multifuel', 'MF'), (4, 'petrol', 'VZ'), (4, 'ethanol', 'UX');

-- The ACRISS letters a class description allows at each position (NULL: it says nothing there).
-- Of the terms found (longest first, a shorter one inside a longer one found is not counted), the
-- letters all allow; the first letter is the likeliest. An empty agreement keeps the first term's.
-- Then a word with a typo may still be a one-word term (below).
CREATE FUNCTION map_acriss_read(_name text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  t text;
  result text[] := ARRAY[NULL, NULL, NULL, NULL]::text[];
  r record;
  merged text;
BEGIN
  t := '|' || replace(public.map_name_text('car_class', _name), ' ', '||') || '|';
  FOR r IN SELECT a.position, a.letters, '|' || replace(a.term, ' ', '||') || '|' AS term
             FROM public.map_acriss_terms a ORDER BY length(a.term) DESC, a.position, a.term LOOP
    IF position(r.term IN t) > 0 THEN
      t := replace(t, r.term, '');
      IF result[r.position] IS NULL THEN
        result[r.position] := r.letters;
      ELSE
        merged := array_to_string(array(
          SELECT l FROM unnest(string_to_array(result[r.position], NULL)) WITH ORDINALITY AS x(l, i)
           WHERE position(l IN r.letters) > 0 ORDER BY i), '');
        IF merged <> '' THEN result[r.position] := merged; END IF;
      END IF;
    END IF;
  END LOOP;
  -- A word left of five letters or more may be a one-word term, or a word the kind reads as one,
  -- with a typo ("Cabriplet", "Mdisize"): the closest such word counts when map_word_match says
  -- it is one slip away, at a position nothing else has spoken of.
  FOR r IN
    SELECT DISTINCT ON (w.word) a.position, a.letters
      FROM unnest(string_to_array(btrim(regexp_replace(t, '\|+', ' ', 'g')), ' ')) AS w(word)
      CROSS JOIN LATERAL (
        SELECT a.term AS key, a.term, a.position, a.letters FROM public.map_acriss_terms a WHERE a.term !~ ' '
        UNION ALL
        SELECT p.phrase, a.term, a.position, a.letters
          FROM public.map_kind_phrases p JOIN public.map_acriss_terms a ON a.term = p.replacement
         WHERE p.kind = 'car_class' AND p.phrase !~ ' ') a
     WHERE length(w.word) >= 5 AND w.word !~ '[0-9]'
       AND public.map_word_match(public.map_skeleton(w.word), public.map_skeleton(a.key)) >= 0.6
     ORDER BY w.word, public.map_word_match(public.map_skeleton(w.word), public.map_skeleton(a.key)) DESC, a.term LOOP
    IF result[r.position] IS NULL THEN result[r.position] := r.letters; END IF;
  END LOOP;
  RETURN result;
END $$;

-- How well an ACRISS code fits what a description allows, 0 to 1 (NULL when it allows nothing):
-- category ×3, body ×2, gearbox ×1.5, fuel and air ×1, over the positions it speaks of; a letter
-- it allows counts 1 when it is the likeliest, 0.85 otherwise.
CREATE FUNCTION map_acriss_fit(_allowed text[], _code text) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT sum(w.w * CASE WHEN left(_allowed[w.i], 1) = substr(_code, w.i, 1) THEN 1.0
                        WHEN position(substr(_code, w.i, 1) IN _allowed[w.i]) > 0 THEN 0.85 ELSE 0 END)
         / nullif(sum(w.w), 0)
    FROM (VALUES (1, 3.0), (2, 2.0), (3, 1.5), (4, 1.0)) AS w(i, w)
   WHERE _allowed[w.i] IS NOT NULL
$$;

-- An ACRISS code written in a name, in capitals ("Fiat 500 (MBMR)", "CDMR"), or NULL.
CREATE FUNCTION map_acriss_in(_name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (regexp_match(coalesce(_name, ''),
    '(?:^|[^A-Za-z0-9])([MNEHCDIJSRFGPULWOX][BCDWVLSTFJXPQZEMRHYNGK][MNCABD][RNDQHIECLSABMFVZUX])(?:$|[^A-Za-z0-9])'))[1]
$$;

-- The weights of the Match % of the kinds here: logit p = intercept + Σ weight × feature, one row
-- a kind (one model fitted on every kind's pairs, with an intercept of its own per kind).
CREATE TABLE map_kind_confidence (
  kind text PRIMARY KEY,
  intercept double precision NOT NULL,
  score double precision NOT NULL,
  score_squared double precision NOT NULL,
  gap double precision NOT NULL,
  gap_squared double precision NOT NULL,
  gap_score double precision NOT NULL,
  cover double precision NOT NULL,
  named double precision NOT NULL,
  exact double precision NOT NULL,
  code_agrees double precision NOT NULL,
  code_differs double precision NOT NULL,
  fitted_on text NOT NULL
);
COMMENT ON TABLE map_kind_confidence IS
  'Logistic weights of a supplier, car class, car, option, included item or office candidate''s Match %, fitted by bench/src/fit-kind-confidence.ts';

-- Fitted by bench/src/fit-kind-confidence.ts (its "kind weights"), in the column order above.
INSERT INTO map_kind_confidence VALUES
  ('supplier', -5.4458, 16.2898, 3.5215, 10.2311, -6.5644, 6.5007, -11.6570, -2.5834, -0.0637, 0.0683, 1.7909,
   'bench/src/fit-kind-confidence.ts: 5460 pairs of 546 even-indexed merchant cars and car classes (apps/api/test/kind-eval.ts)'),
  ('car_class', -5.4458, 16.2898, 3.5215, 10.2311, -6.5644, 6.5007, -11.6570, -2.5834, -0.0637, 0.0683, 1.7909,
   'bench/src/fit-kind-confidence.ts: 5460 pairs of 546 even-indexed merchant cars and car classes (apps/api/test/kind-eval.ts)'),
  ('car', -5.4458, 16.2898, 3.5215, 10.2311, -6.5644, 6.5007, -11.6570, -2.5834, -0.0637, 0.0683, 1.7909,
   'bench/src/fit-kind-confidence.ts: 5460 pairs of 546 even-indexed merchant cars and car classes (apps/api/test/kind-eval.ts)'),
  ('option', -5.4458, 16.2898, 3.5215, 10.2311, -6.5644, 6.5007, -11.6570, -2.5834, -0.0637, 0.0683, 1.7909,
   'bench/src/fit-kind-confidence.ts: 5460 pairs of 546 even-indexed merchant cars and car classes (apps/api/test/kind-eval.ts)'),
  ('included_item', -5.4458, 16.2898, 3.5215, 10.2311, -6.5644, 6.5007, -11.6570, -2.5834, -0.0637, 0.0683, 1.7909,
   'bench/src/fit-kind-confidence.ts: 5460 pairs of 546 even-indexed merchant cars and car classes (apps/api/test/kind-eval.ts)'),
  ('office', -5.4458, 16.2898, 3.5215, 10.2311, -6.5644, 6.5007, -11.6570, -2.5834, -0.0637, 0.0683, 1.7909,
   'bench/src/fit-kind-confidence.ts: 5460 pairs of 546 even-indexed merchant cars and car classes (apps/api/test/kind-eval.ts)');

CREATE FUNCTION map_kind_probability(w map_kind_confidence, score double precision, gap double precision,
  cover double precision, named double precision, exact double precision, code_agrees boolean, code_differs boolean)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 1 / (1 + exp(-least(50, greatest(-50,
    w.intercept + w.score * score + w.score_squared * score * score
    + w.gap * gap + w.gap_squared * gap * gap + w.gap_score * gap * score
    + w.cover * cover + w.named * named + w.exact * exact
    + w.code_agrees * code_agrees::int + w.code_differs * code_differs::int))))
$$;

-- A merchant record of a small kind (supplier, car class, car, option, included item) ranked
-- against every enabled record of the kind (and its current mapping), with what the confidence is
-- computed from: score (the share of the evidence that agrees), gap (its score less the best
-- other candidate's: positive only for the first), cover, named, exact (map_kind_name_scores),
-- whether a code is known on both sides and agrees or differs, and the evidence in words.
-- The score per kind:
-- - supplier, option, included item: the name; when the feed's code (its last part, "OPT-INS" →
--   INS) or a word of the name is some candidate's code, the code ×2 beside the name ×1;
-- - car class: the ACRISS letters the description reads as (map_acriss_read, ×3) and the name's
--   words (×1); an ACRISS code in the name or as the feed's code ×4 beside them;
-- - car: the name ×3 (its name and its make and model), the class (the feed's class code or one in
--   the name, ×1), the seats (×0.5), as before.
CREATE FUNCTION map_kind_ranked(_kind text, _id integer)
RETURNS TABLE (id integer, mapped boolean, score double precision, gap double precision, cover double precision,
  named double precision, exact double precision, code_agrees boolean, code_differs boolean, evidence text)
LANGUAGE plpgsql STABLE ROWS 200 SET jit = off AS $$
#variable_conflict use_column
DECLARE
  k map_kinds;
  m record;
  _names map_name_word[];
  _code text;
  _words text[];
  _any_code boolean;
  _allowed text[];
BEGIN
  SELECT * INTO k FROM map_kinds mk WHERE mk.kind = _kind;
  IF _kind = 'car' THEN
    EXECUTE 'SELECT t.id, t.name, t.external_code, t.mapped_id, upper(coalesce(t.car_class_code, public.map_acriss_in(t.name))) AS class_code, t.seats
               FROM merchant_cars t WHERE t.id = $1' INTO m USING _id;
  ELSE
    EXECUTE format('SELECT t.id, t.name, t.external_code, t.mapped_id, NULL::text AS class_code, NULL::smallint AS seats
                      FROM %I t WHERE t.id = $1', k.merchant_table) INTO m USING _id;
  END IF;
  IF m.id IS NULL THEN RETURN; END IF;

  -- The candidates' words: every enabled record of the kind, and the current mapping.
  EXECUTE format('SELECT array(SELECT ROW(w.record_id, w.name_no, w.weight, w.word)::map_name_word
                                 FROM pricewatch_kind_words w JOIN %I p ON p.id = w.record_id
                                WHERE w.kind = $1 AND (p.enabled OR p.id = $2))', k.pricewatch_table)
    INTO _names USING _kind, m.mapped_id;

  -- The code the feed gives: its code's last part, a name that is a code, or (classes and cars)
  -- an ACRISS code in the name.
  _words := array(SELECT upper(w) FROM regexp_split_to_table(coalesce(m.name, ''), '[^A-Za-z0-9]+') AS w WHERE w <> '');
  IF _kind = 'car_class' THEN
    _code := coalesce(public.map_acriss_in(m.name),
                      CASE WHEN public.map_acriss_in(upper(public.map_code_of(m.external_code))) IS NOT NULL
                           THEN upper(public.map_code_of(m.external_code)) END);
    _allowed := public.map_acriss_read(m.name);
  END IF;

  RETURN QUERY
  WITH names AS (SELECT * FROM public.map_kind_name_scores(_kind, m.name, _names)),
  cand AS (
    SELECT n.id, n.score AS name_score, n.cover, n.named, n.exact, n.evidence, x.code,
           coalesce(x.code = _code, false)
             OR coalesce(x.code = upper(public.map_code_of(m.external_code)), false)
             OR coalesce(x.code = ANY (_words) AND (length(x.code) >= 3 OR cardinality(_words) = 1), false) AS code_agrees,
           x.seats, x.class_code
      FROM names n
      CROSS JOIN LATERAL (
        SELECT CASE _kind WHEN 'supplier' THEN (SELECT s.code FROM pricewatch_suppliers s WHERE s.id = n.id)
                          WHEN 'option' THEN (SELECT o.code FROM pricewatch_options o WHERE o.id = n.id)
                          WHEN 'included_item' THEN (SELECT i.code FROM pricewatch_included_items i WHERE i.id = n.id)
                          WHEN 'car_class' THEN (SELECT c.code FROM pricewatch_car_classes c WHERE c.id = n.id)
                          END AS code,
               CASE WHEN _kind = 'car' THEN (SELECT c.seats FROM pricewatch_cars c WHERE c.id = n.id) END AS seats,
               CASE WHEN _kind = 'car' THEN (SELECT cc.code FROM pricewatch_cars c
                                               JOIN pricewatch_car_classes cc ON cc.id = c.car_class_id
                                              WHERE c.id = n.id) END AS class_code) x),
  flags AS (SELECT coalesce(bool_or(c.code_agrees), false) AS any_code FROM cand c),
  scored AS (
    SELECT c.*, f.any_code,
           CASE _kind
             WHEN 'car' THEN
               (3 * c.name_score
                + CASE WHEN m.class_code IS NULL THEN 0 ELSE (m.class_code = c.class_code)::int END
                + CASE WHEN m.seats IS NULL OR c.seats IS NULL THEN 0 ELSE 0.5 * (m.seats = c.seats)::int END)
               / (3 + CASE WHEN m.class_code IS NULL THEN 0 ELSE 1 END
                    + CASE WHEN m.seats IS NULL OR c.seats IS NULL THEN 0 ELSE 0.5 END)
             WHEN 'car_class' THEN
               (CASE WHEN fit.v IS NULL THEN c.name_score ELSE (3 * fit.v + c.name_score) / 4 END
                + CASE WHEN f.any_code THEN 4 * c.code_agrees::int ELSE 0 END)
               / (1 + CASE WHEN f.any_code THEN 4 ELSE 0 END)
             ELSE (c.name_score + CASE WHEN f.any_code THEN 2 * c.code_agrees::int ELSE 0 END)
                  / (1 + CASE WHEN f.any_code THEN 2 ELSE 0 END)
           END AS score,
           fit.v AS class_fit
      FROM cand c CROSS JOIN flags f
      CROSS JOIN LATERAL (SELECT CASE WHEN _kind = 'car_class' THEN public.map_acriss_fit(_allowed, c.code) END AS v
                           OFFSET 0) fit),
  top AS (
    SELECT s.*, m.mapped_id IS NOT DISTINCT FROM s.id AS is_mapped,
           row_number() OVER (ORDER BY s.score DESC, s.id) AS by_score
      FROM scored s),
  firsts AS (SELECT max(t.score) FILTER (WHERE t.by_score = 1) AS s1, max(t.score) FILTER (WHERE t.by_score = 2) AS s2 FROM top t)
  SELECT t.id, t.is_mapped, t.score,
         CASE WHEN t.by_score = 1 THEN t.score - coalesce(f.s2, 0) ELSE t.score - f.s1 END,
         CASE WHEN _kind = 'car_class' AND t.class_fit IS NOT NULL THEN greatest(t.cover, t.class_fit) ELSE t.cover END,
         t.named, t.exact,
         coalesce(t.code_agrees OR (_kind = 'car' AND m.class_code = t.class_code AND t.name_score >= 0.5), false),
         coalesce((_kind <> 'car' AND t.any_code AND NOT t.code_agrees)
                  OR (_kind = 'car' AND m.class_code <> t.class_code), false),
         nullif(concat_ws(' · ',
           CASE WHEN t.code_agrees THEN 'code ' || t.code END,
           CASE WHEN t.class_fit IS NOT NULL THEN 'class ' || round(100 * t.class_fit) || '%' END,
           t.evidence,
           CASE WHEN _kind = 'car' AND m.class_code = t.class_code THEN 'class ' || t.class_code END,
           CASE WHEN _kind = 'car' AND m.seats = t.seats THEN t.seats || ' seats' END), '')
    FROM top t CROSS JOIN firsts f
   ORDER BY t.is_mapped DESC, t.score DESC, t.id
   LIMIT 200;
END $$;

-- The map list of a merchant supplier, car class, option or included item: its current mapping,
-- then the candidates by Match %.
CREATE OR REPLACE FUNCTION map_coded_candidates(_kind text, _id integer)
RETURNS SETOF map_candidate LANGUAGE plpgsql STABLE ROWS 200 SET jit = off AS $f$
DECLARE
  k map_kinds;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  RETURN QUERY EXECUTE format($q$
    WITH r AS (
      SELECT r.*, map_kind_probability(w, r.score, r.gap, r.cover, r.named, r.exact, r.code_agrees, r.code_differs) AS p
        FROM map_kind_ranked($2, $1) r
        CROSS JOIN (SELECT * FROM map_kind_confidence c WHERE c.kind = $2) w)
    SELECT (row_number() OVER (ORDER BY r.mapped DESC, r.p DESC, r.score DESC, r.id))::integer,
           p.id, p.name, p.code, %2$s, NULL::numeric, round(100 * r.p)::integer, r.mapped, p.enabled, $1, p.id,
           r.evidence
      FROM r JOIN %1$I p ON p.id = r.id
     ORDER BY r.mapped DESC, r.p DESC, r.score DESC, r.id $q$, k.pricewatch_table, k.detail_sql)
    USING _id, _kind;
END $f$;

CREATE OR REPLACE FUNCTION map_car_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 SET jit = off AS $$
  WITH r AS (
    SELECT r.*, map_kind_probability(w, r.score, r.gap, r.cover, r.named, r.exact, r.code_agrees, r.code_differs) AS p
      FROM map_kind_ranked('car', _id) r
      CROSS JOIN (SELECT * FROM map_kind_confidence c WHERE c.kind = 'car') w)
  SELECT (row_number() OVER (ORDER BY r.mapped DESC, r.p DESC, r.score DESC, r.id))::integer,
         p.id, p.name, c.code, concat_ws(' · ', c.name, p.seats || ' seats'), NULL::numeric,
         round(100 * r.p)::integer, r.mapped, p.enabled, _id, p.id, r.evidence
    FROM r JOIN pricewatch_cars p ON p.id = r.id JOIN pricewatch_car_classes c ON c.id = p.car_class_id
   ORDER BY r.mapped DESC, r.p DESC, r.score DESC, r.id
$$;

-- Offices: the pool as before (near, at its airport, at its place, its supplier's when it has no
-- coordinates, else the 20 likeliest), the name by words within the pool, and the Match % by the
-- office model. Score: same supplier ×3, distance ×3 (1 − km/2), IATA code ×1, name ×1.
CREATE OR REPLACE FUNCTION map_office_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE plpgsql STABLE ROWS 200 SET jit = off AS $$
#variable_conflict use_column
DECLARE
  m merchant_offices;
  _pool integer[];
BEGIN
  SELECT * INTO m FROM merchant_offices mo WHERE mo.id = _id;
  IF NOT FOUND THEN RETURN; END IF;
  _pool := array(
    SELECT p.id FROM pricewatch_offices p
     WHERE point(p.longitude::float8, p.latitude::float8)
           <@ box(point(m.longitude::float8 - 0.08, m.latitude::float8 - 0.05),
                  point(m.longitude::float8 + 0.08, m.latitude::float8 + 0.05))
    UNION SELECT p.id FROM pricewatch_offices p WHERE p.iata_code = m.iata_code
    UNION SELECT p.id FROM pricewatch_offices p, merchant_locations ml
           WHERE ml.id = m.merchant_location_id AND p.location_id = ml.mapped_id
    UNION SELECT p.id FROM pricewatch_offices p, merchant_suppliers s, pricewatch_suppliers ps
           WHERE m.latitude IS NULL AND s.id = m.merchant_supplier_id AND ps.id = p.supplier_id
             AND (s.mapped_id = ps.id OR upper(s.external_code) = ps.code)
    UNION SELECT m.mapped_id WHERE m.mapped_id IS NOT NULL);
  IF cardinality(_pool) = 0 THEN
    -- Nothing near, at its airport or at its place: the 20 likeliest offices rather than none.
    _pool := array(
      SELECT p.id FROM pricewatch_offices p
       WHERE p.enabled
       ORDER BY map_same_supplier(m.merchant_supplier_id, p.supplier_id) DESC,
                coalesce((p.latitude - m.latitude) ^ 2 + (p.longitude - m.longitude) ^ 2, 1e9),
                similarity(map_fold(p.name), map_fold(m.name)) DESC, p.id
       LIMIT 20);
  END IF;
  RETURN QUERY
  WITH names AS (
    SELECT * FROM map_kind_name_scores('office', m.name, array(
      SELECT DISTINCT ROW(p.id, 1, 1.0, w.word)::map_name_word
        FROM pricewatch_offices p CROSS JOIN LATERAL map_name_words('office', p.name) w WHERE p.id = ANY (_pool)))),
  scored AS (
    SELECT p.id, p.name, p.supplier_id, p.location_id, p.office_type, p.enabled, x.km, x.same_supplier,
           m.mapped_id IS NOT DISTINCT FROM p.id AS mapped, n.cover, n.named, n.exact, n.evidence,
           m.iata_code IS NOT NULL AND p.iata_code IS NOT NULL AND m.iata_code = p.iata_code AS code_agrees,
           m.iata_code IS NOT NULL AND p.iata_code IS NOT NULL AND m.iata_code <> p.iata_code AS code_differs,
           (3 * x.same_supplier::int + coalesce(n.score, 0)
            + CASE WHEN m.iata_code IS NOT NULL AND p.iata_code IS NOT NULL THEN (m.iata_code = p.iata_code)::int ELSE 0 END
            + CASE WHEN x.km IS NULL THEN 0 ELSE 3 * greatest(0, 1 - x.km / 2) END)
           / (4 + CASE WHEN m.iata_code IS NOT NULL AND p.iata_code IS NOT NULL THEN 1 ELSE 0 END
                + CASE WHEN x.km IS NULL THEN 0 ELSE 3 END) AS score
      FROM pricewatch_offices p
      LEFT JOIN names n ON n.id = p.id
      CROSS JOIN LATERAL (SELECT map_km(m.latitude, m.longitude, p.latitude, p.longitude) AS km,
                                 map_same_supplier(m.merchant_supplier_id, p.supplier_id) AS same_supplier) x
     WHERE p.id = ANY (_pool) AND (p.enabled OR m.mapped_id IS NOT DISTINCT FROM p.id)),
  top AS (SELECT s.*, row_number() OVER (ORDER BY s.score DESC, s.id) AS by_score FROM scored s),
  firsts AS (SELECT max(t.score) FILTER (WHERE t.by_score = 1) AS s1, max(t.score) FILTER (WHERE t.by_score = 2) AS s2 FROM top t),
  r AS (
    SELECT t.*, map_kind_probability(w, t.score,
             CASE WHEN t.by_score = 1 THEN t.score - coalesce(f.s2, 0) ELSE t.score - f.s1 END,
             t.cover, t.named, t.exact, t.code_agrees OR t.same_supplier, t.code_differs) AS p
      FROM top t CROSS JOIN firsts f CROSS JOIN (SELECT * FROM map_kind_confidence c WHERE c.kind = 'office') w)
  SELECT (row_number() OVER (ORDER BY r.mapped DESC, r.p DESC, r.score DESC, r.id))::integer,
         r.id, r.name, ps.code, concat_ws(' · ', ps.name, l.name, replace(r.office_type, '_', ' ')),
         round(r.km::numeric, 1), round(100 * r.p)::integer, r.mapped, r.enabled, _id, r.id,
         nullif(concat_ws(' · ', CASE WHEN r.same_supplier THEN 'same supplier' END,
                          CASE WHEN r.code_agrees THEN 'code ' || m.iata_code END, r.evidence,
                          CASE WHEN r.km IS NOT NULL THEN round(r.km::numeric, 1) || ' km' END), '')
    FROM r
    JOIN pricewatch_suppliers ps ON ps.id = r.supplier_id
    JOIN pricewatch_locations l ON l.id = r.location_id
   ORDER BY r.mapped DESC, r.p DESC, r.score DESC, r.id
   LIMIT 200;
END $$;

-- The price-watch side: the merchant records that are a price-watch supplier, car class, option,
-- included item or car, or may be: those mapped to it, those whose feed code is its code, and
-- those whose name has one of the ways its words are written (map_kind_forms). Each merchant record's words against the record's (its name,
-- and for a bracketed name the name without the brackets; a car's make and model too): the name
-- score is the mean of the share of the merchant's words found in the record's and the share of
-- the record's words found in the merchant's (each word's best match, map_word_match; a word with a
-- digit only as written). A feed code that is the record's code counts ×2 beside the name (×4 for a
-- car class, whose description also counts as the ACRISS letters it reads as, ×3 beside the name ×1);
-- a car's class ×1 and seats ×0.5 as on the other side. Match % here is that score × 100: one record
-- against many feeds' records has no list of alternatives to calibrate a probability on.
-- The ways a feed may write a record's words, for finding its merchant records cheaply before
-- they are scored: its words as the kind reads them and the phrases the kind reads as one of them
-- ("gps", "sat nav" for navigation; "vw" for volkswagen), folded.
CREATE FUNCTION map_kind_forms(_kind text, _names text[]) RETURNS text[] LANGUAGE sql STABLE AS $$
  WITH w AS (SELECT DISTINCT w.raw FROM unnest(_names) AS n(name), public.map_name_words(_kind, n.name) w)
  SELECT array(
    SELECT w.raw FROM w
    UNION
    SELECT p.phrase FROM public.map_kind_phrases p
     WHERE p.kind IN (_kind, '*') AND p.replacement <> ''
       AND string_to_array(p.replacement, ' ') && array(SELECT w.raw FROM w))
$$;

-- Whether a merchant record's name may be written from those forms: a form of two letters or more
-- (or a number) that its folded name contains, a typo allowed (trigram word similarity).
CREATE FUNCTION map_kind_may_be(_forms text[], _name text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM unnest(_forms) f
     WHERE length(f) >= 2
       AND public.word_similarity(f, lower(public.unaccent('public.unaccent'::regdictionary, _name))) >= 0.5)
$$;

CREATE FUNCTION map_kind_merchant_scores(_kind text, _names text[], _merchants map_named[])
RETURNS TABLE (id integer, score double precision, evidence text)
LANGUAGE sql STABLE SET jit = off AS $$
  WITH pw AS MATERIALIZED (
    SELECT DISTINCT w.word FROM unnest(_names) AS n(name), public.map_name_words(_kind, n.name) w),
  mw AS MATERIALIZED (
    SELECT DISTINCT m.id, w.raw, w.word FROM unnest(_merchants) m, public.map_name_words(_kind, m.name) w),
  pairs AS MATERIALIZED (
    SELECT mw.id, mw.raw, mw.word AS mword, pw.word AS pword,
           CASE WHEN mw.word ~ '[0-9]' OR pw.word ~ '[0-9]' THEN (mw.word = pw.word)::int::double precision
                ELSE public.map_word_match(mw.word, pw.word) END AS q
      FROM mw CROSS JOIN pw),
  by_merchant_word AS (SELECT p.id, p.raw, max(p.q) AS q FROM pairs p GROUP BY p.id, p.raw),
  by_record_word AS (SELECT p.id, p.pword, max(p.q) AS q FROM pairs p GROUP BY p.id, p.pword),
  sides AS (
    SELECT m.id, avg(m.q) AS cover,
           string_agg(m.raw || CASE WHEN m.q < 1 THEN '~' ELSE '' END, ', ') FILTER (WHERE m.q > 0) AS words
      FROM by_merchant_word m GROUP BY m.id)
  SELECT u.id, 0.5 * coalesce(s.cover, 0) + 0.5 * coalesce((SELECT avg(r.q) FROM by_record_word r WHERE r.id = u.id), 0),
         CASE WHEN s.words IS NOT NULL THEN 'name: ' || s.words END
    FROM unnest(_merchants) u LEFT JOIN sides s ON s.id = u.id
$$;

CREATE OR REPLACE FUNCTION map_coded_merchants(_kind text, _id integer)
RETURNS SETOF map_merchant_row LANGUAGE plpgsql STABLE ROWS 200 SET jit = off AS $f$
DECLARE
  k map_kinds;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  RETURN QUERY EXECUTE format($q$
    WITH p AS (SELECT t.id, t.name, t.code FROM %2$I t WHERE t.id = $1),
    -- A car class's merchant records are looked for by its category's words ("Compact", "Cmpt"):
    -- the words of its other letters ("door", "air") are in nearly every description.
    forms AS MATERIALIZED (
      SELECT map_kind_forms($2, CASE WHEN $2 = 'car_class' THEN ARRAY[split_part(p.name, ' ', 1), p.code]
                                     ELSE ARRAY[p.name, p.code] END) AS f FROM p),
    ms AS (SELECT m.* FROM %1$I m, p, forms
            WHERE m.map_status NOT IN ('blacklisted', 'disabled')
              AND (m.mapped_id = p.id OR map_code_of(m.external_code) = p.code OR map_kind_may_be(forms.f, m.name))),
    names AS (
      SELECT n.* FROM p, map_kind_merchant_scores($2,
        ARRAY[p.name, btrim(regexp_replace(p.name, '\([^)]*\)', ' ', 'g'))],
        array(SELECT ROW(m.id, 1.0, m.name)::map_named FROM ms m)) n),
    scored AS MATERIALIZED (
      SELECT m.*, p.id AS pricewatch_id, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped, n.evidence,
             CASE WHEN $2 = 'car_class' THEN map_acriss_fit(map_acriss_read(m.name), p.code) END AS fit,
             coalesce(map_code_of(m.external_code) = p.code
                      OR p.code = ANY (regexp_split_to_array(upper(m.name), '[^A-Z0-9]+')), false) AS code_agrees,
             p.code,
             n.score AS name_score
        FROM ms m JOIN names n ON n.id = m.id CROSS JOIN p)
    SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
           s.id, mc.name, s.external_code, s.name, NULL::text, s.map_status, mp.name, NULL::numeric,
           round(100 * s.score)::integer, s.mapped, s.id, s.pricewatch_id
      FROM (SELECT x.*,
                   (CASE WHEN x.fit IS NULL THEN x.name_score ELSE (3 * x.fit + x.name_score) / 4 END
                    + CASE WHEN x.code_agrees THEN x.code_weight ELSE 0 END)
                   / (1 + CASE WHEN x.code_agrees THEN x.code_weight ELSE 0 END) AS score
              FROM (SELECT y.*, CASE WHEN $2 = 'car_class' THEN 4 ELSE 2 END AS code_weight FROM scored y) x) s
      JOIN merchants mc ON mc.id = s.merchant_id
      LEFT JOIN %2$I mp ON mp.id = s.mapped_id
     ORDER BY s.mapped DESC, s.score DESC, s.id
     LIMIT 200 $q$, k.merchant_table, k.pricewatch_table)
    USING _id, _kind;
END $f$;

CREATE OR REPLACE FUNCTION map_car_merchants(_id integer)
RETURNS SETOF map_merchant_row LANGUAGE sql STABLE ROWS 200 SET jit = off AS $$
  WITH p AS (SELECT t.*, c.code AS class_code FROM pricewatch_cars t JOIN pricewatch_car_classes c ON c.id = t.car_class_id
              WHERE t.id = _id),
  forms AS MATERIALIZED (SELECT map_kind_forms('car', ARRAY[p.name, p.make || ' ' || p.model]) AS f FROM p),
  ms AS (SELECT m.*, upper(coalesce(m.car_class_code, map_acriss_in(m.name))) AS class_code
           FROM merchant_cars m, p, forms
          WHERE m.map_status NOT IN ('blacklisted', 'disabled')
            AND (m.mapped_id = p.id OR map_kind_may_be(forms.f, m.name))),
  names AS (
    SELECT n.* FROM p, map_kind_merchant_scores('car', ARRAY[p.name, p.make || ' ' || p.model],
      array(SELECT ROW(m.id, 1.0, m.name)::map_named FROM ms m)) n),
  scored AS (
    SELECT m.*, p.id AS pricewatch_id, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped,
           (3 * n.score
            + CASE WHEN m.class_code IS NULL THEN 0 ELSE (m.class_code = p.class_code)::int END
            + CASE WHEN m.seats IS NULL OR p.seats IS NULL THEN 0 ELSE 0.5 * (m.seats = p.seats)::int END)
           / (3 + CASE WHEN m.class_code IS NULL THEN 0 ELSE 1 END
                + CASE WHEN m.seats IS NULL OR p.seats IS NULL THEN 0 ELSE 0.5 END) AS score
      FROM ms m JOIN names n ON n.id = m.id CROSS JOIN p)
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
         s.id, mc.name, s.external_code, s.name, concat_ws(' · ', s.car_class_code, s.seats || ' seats'),
         s.map_status, mp.name, NULL::numeric, round(100 * s.score)::integer, s.mapped, s.id, s.pricewatch_id
    FROM scored s
    JOIN merchants mc ON mc.id = s.merchant_id
    LEFT JOIN pricewatch_cars mp ON mp.id = s.mapped_id
   ORDER BY s.mapped DESC, s.score DESC, s.id
   LIMIT 200
$$;

-- Down Migration
-- The price-watch side's lists as 1700000009800_mapping.sql made them.
CREATE OR REPLACE FUNCTION map_coded_merchants(_kind text, _id integer)
RETURNS SETOF map_merchant_row LANGUAGE plpgsql STABLE ROWS 200 AS $f$
DECLARE
  k map_kinds;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  RETURN QUERY EXECUTE format($q$
    SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
           s.id, mc.name, s.external_code, s.name, NULL::text, s.map_status, mp.name, NULL::numeric,
           round(100 * s.score)::integer, s.mapped, s.id, s.pricewatch_id
      FROM (SELECT m.*, p.id AS pricewatch_id, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped,
                   map_coded_score(map_fold(m.name), m.external_code, p.f, p.code) AS score
              FROM (SELECT t.*, map_fold(t.name) AS f FROM %2$I t WHERE t.id = $1) p, %1$I m
             WHERE m.map_status NOT IN ('blacklisted', 'disabled')) s
      JOIN merchants mc ON mc.id = s.merchant_id
      LEFT JOIN %2$I mp ON mp.id = s.mapped_id
     ORDER BY s.mapped DESC, s.score DESC, s.id
     LIMIT 200 $q$, k.merchant_table, k.pricewatch_table)
    USING _id;
END $f$;

CREATE OR REPLACE FUNCTION map_car_merchants(_id integer)
RETURNS SETOF map_merchant_row LANGUAGE sql STABLE ROWS 200 AS $$
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
         s.id, mc.name, s.external_code, s.name, concat_ws(' · ', s.car_class_code, s.seats || ' seats'),
         s.map_status, mp.name, NULL::numeric, round(100 * s.score)::integer, s.mapped, s.id, s.pricewatch_id
    FROM (SELECT m.*, p.id AS pricewatch_id, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped,
                 map_car_score(map_fold(m.name), p.f, m.car_class_code, p.class_code, m.seats, p.seats) AS score
            FROM (SELECT t.*, map_fold(t.name) AS f, c.code AS class_code
                    FROM pricewatch_cars t JOIN pricewatch_car_classes c ON c.id = t.car_class_id
                   WHERE t.id = _id) p,
                 merchant_cars m
           WHERE m.map_status NOT IN ('blacklisted', 'disabled')) s
    JOIN merchants mc ON mc.id = s.merchant_id
    LEFT JOIN pricewatch_cars mp ON mp.id = s.mapped_id
   ORDER BY s.mapped DESC, s.score DESC, s.id
   LIMIT 200
$$;

DROP FUNCTION map_kind_merchant_scores, map_kind_may_be, map_kind_forms;
DROP FUNCTION map_office_candidates(integer);
DROP FUNCTION map_car_candidates(integer);
DROP FUNCTION map_coded_candidates(text, integer);
DROP FUNCTION map_kind_ranked, map_kind_probability, map_acriss_in, map_acriss_fit, map_acriss_read,
  map_kind_name_scores, map_name_words, map_name_text;
DROP TRIGGER pricewatch_suppliers_words_inserted ON pricewatch_suppliers;
DROP TRIGGER pricewatch_suppliers_words_updated ON pricewatch_suppliers;
DROP TRIGGER pricewatch_suppliers_words_deleted ON pricewatch_suppliers;
DROP TRIGGER pricewatch_car_classes_words_inserted ON pricewatch_car_classes;
DROP TRIGGER pricewatch_car_classes_words_updated ON pricewatch_car_classes;
DROP TRIGGER pricewatch_car_classes_words_deleted ON pricewatch_car_classes;
DROP TRIGGER pricewatch_cars_words_inserted ON pricewatch_cars;
DROP TRIGGER pricewatch_cars_words_updated ON pricewatch_cars;
DROP TRIGGER pricewatch_cars_words_deleted ON pricewatch_cars;
DROP TRIGGER pricewatch_options_words_inserted ON pricewatch_options;
DROP TRIGGER pricewatch_options_words_updated ON pricewatch_options;
DROP TRIGGER pricewatch_options_words_deleted ON pricewatch_options;
DROP TRIGGER pricewatch_included_items_words_inserted ON pricewatch_included_items;
DROP TRIGGER pricewatch_included_items_words_updated ON pricewatch_included_items;
DROP TRIGGER pricewatch_included_items_words_deleted ON pricewatch_included_items;
DROP FUNCTION pricewatch_kind_words_changed, map_kind_words_refresh, map_kind_catalogue_names;
DROP TABLE pricewatch_kind_words;
DROP TYPE map_named, map_name_word;
DROP TABLE map_kind_confidence, map_acriss_terms, map_kind_phrases;
-- The candidate functions as 1700000010900_map-evidence.sql made them.
CREATE FUNCTION map_coded_candidates(_kind text, _id integer)
RETURNS SETOF map_candidate LANGUAGE plpgsql STABLE ROWS 200 AS $f$
DECLARE
  k map_kinds;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  RETURN QUERY EXECUTE format($q$
    SELECT row_number() OVER (ORDER BY mapped DESC, score DESC, id)::integer,
           id, name, code, detail, NULL::numeric, round(100 * score)::integer, mapped, enabled, merchant_id, id,
           concat_ws(' · ', CASE WHEN code_agrees THEN 'code ' || code END,
                     'name ' || round(100 * name_score) || '%%') AS evidence
      FROM (SELECT p.id, p.name, p.code, %3$s AS detail, p.enabled, m.id AS merchant_id,
                   m.mapped_id IS NOT DISTINCT FROM p.id AS mapped,
                   map_coded_score(m.f, m.external_code, map_fold(p.name), p.code) AS score,
                   map_similar(m.f, map_fold(p.name)) AS name_score,
                   map_code_of(m.external_code) = upper(p.code) OR m.f = lower(p.code) AS code_agrees
              FROM (SELECT t.*, map_fold(t.name) AS f FROM %1$I t WHERE t.id = $1) m, %2$I p
             WHERE p.enabled OR m.mapped_id IS NOT DISTINCT FROM p.id) s
     ORDER BY mapped DESC, score DESC, id
     LIMIT 200 $q$, k.merchant_table, k.pricewatch_table, k.detail_sql)
    USING _id;
END $f$;

-- Cars: the name, the ACRISS class and the seats.
CREATE FUNCTION map_car_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  SELECT row_number() OVER (ORDER BY mapped DESC, score DESC, id)::integer,
         id, name, code, detail, NULL::numeric, round(100 * score)::integer, mapped, enabled, merchant_id, id,
         concat_ws(' · ', 'name ' || round(100 * name_score) || '%', CASE WHEN class_agrees THEN 'class ' || code END,
                   CASE WHEN seats_agree THEN seats || ' seats' END)
    FROM (SELECT p.id, p.name, c.code, concat_ws(' · ', c.name, p.seats || ' seats') AS detail, p.enabled,
                 m.id AS merchant_id, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped, p.seats,
                 map_similar(m.f, map_fold(p.name)) AS name_score, upper(m.car_class_code) = c.code AS class_agrees,
                 m.seats = p.seats AS seats_agree,
                 map_car_score(m.f, map_fold(p.name), m.car_class_code, c.code, m.seats, p.seats) AS score
            FROM (SELECT t.*, map_fold(t.name) AS f FROM merchant_cars t WHERE t.id = _id) m,
                 pricewatch_cars p JOIN pricewatch_car_classes c ON c.id = p.car_class_id
           WHERE p.enabled OR m.mapped_id IS NOT DISTINCT FROM p.id) s
   ORDER BY mapped DESC, score DESC, id
   LIMIT 200
$$;

-- Offices: the supplier, the airport code, the name and the distance; never an empty list.
CREATE FUNCTION map_office_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  WITH m AS (SELECT mo.*, map_fold(mo.name) AS f FROM merchant_offices mo WHERE mo.id = _id),
  near AS (
    SELECT p.id FROM pricewatch_offices p, m
     WHERE point(p.longitude::float8, p.latitude::float8)
           <@ box(point(m.longitude::float8 - 0.08, m.latitude::float8 - 0.05),
                  point(m.longitude::float8 + 0.08, m.latitude::float8 + 0.05))
    UNION SELECT p.id FROM pricewatch_offices p, m WHERE p.iata_code = m.iata_code
    UNION SELECT p.id FROM pricewatch_offices p, m, merchant_locations ml
           WHERE ml.id = m.merchant_location_id AND p.location_id = ml.mapped_id
    UNION SELECT p.id FROM pricewatch_offices p, m, merchant_suppliers s, pricewatch_suppliers ps
           WHERE m.latitude IS NULL AND s.id = m.merchant_supplier_id AND ps.id = p.supplier_id
             AND (s.mapped_id = ps.id OR upper(s.external_code) = ps.code)
    UNION SELECT m.mapped_id FROM m WHERE m.mapped_id IS NOT NULL
  ),
  -- Nothing near, at its airport or at its place: rather than an empty list, the 20 offices most
  -- likely, its supplier's first, then the nearest, then the most alike by name.
  pool AS (
    SELECT id FROM near
    UNION ALL
    (SELECT p.id FROM pricewatch_offices p, m
      WHERE p.enabled AND NOT EXISTS (SELECT 1 FROM near)
      ORDER BY map_same_supplier(m.merchant_supplier_id, p.supplier_id) DESC,
               coalesce((p.latitude - m.latitude) ^ 2 + (p.longitude - m.longitude) ^ 2, 1e9),
               similarity(map_fold(p.name), m.f) DESC, p.id
      LIMIT 20)
  ),
  scored AS (
    SELECT p.*, x.km, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped, m.id AS merchant_id,
           map_office_score(m.f, x.f, x.same_supplier, m.iata_code, p.iata_code, x.km) AS score,
           concat_ws(' · ', CASE WHEN x.same_supplier THEN 'same supplier' END,
                     CASE WHEN m.iata_code = p.iata_code THEN 'code ' || p.iata_code END,
                     'name ' || round(100 * map_similar(m.f, x.f)) || '%',
                     CASE WHEN x.km IS NOT NULL THEN round(x.km::numeric, 1) || ' km' END) AS evidence
      FROM pool JOIN pricewatch_offices p USING (id) CROSS JOIN m
      CROSS JOIN LATERAL (SELECT map_fold(p.name) AS f,
                                 map_km(m.latitude, m.longitude, p.latitude, p.longitude) AS km,
                                 map_same_supplier(m.merchant_supplier_id, p.supplier_id) AS same_supplier) x
     WHERE p.enabled OR m.mapped_id IS NOT DISTINCT FROM p.id
  )
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
         s.id, s.name, ps.code, concat_ws(' · ', ps.name, l.name, replace(s.office_type, '_', ' ')),
         round(s.km::numeric, 1), round(100 * s.score)::integer, s.mapped, s.enabled, s.merchant_id, s.id, s.evidence
    FROM scored s
    JOIN pricewatch_suppliers ps ON ps.id = s.supplier_id
    JOIN pricewatch_locations l ON l.id = s.location_id
   ORDER BY s.mapped DESC, s.score DESC, s.id
   LIMIT 200
$$;

