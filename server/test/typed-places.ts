/*
 * Places typed by hand, shared by the rule's unit test (platform/places.test.ts) and the routes' test
 * (public-places.test.ts); issue 31, item 3, decision 041.
 */

/**
 * Realistic places typed by hand, in many countries, scripts and forms (issue 31, item 3): street
 * and number, "corner", "Kalye", "Via", "ул.", "Rue", "Calle", landmarks, P.O. boxes, postcodes,
 * plain cities, city and country. The public text is made of gazetteer names only.
 */
export const TYPED_PLACES: Array<[string, string]> = [
  ['Mango Ave. corner Gen. Maxilom, Cebu City', 'Cebu City'],
  ['Kalye Mabini', ''],
  ['Via Roma', ''],
  ['ул. Ленина', ''],
  ['Near the old church', ''],
  ['Behind the market', ''],
  ['Near the old church, Tacloban', 'Tacloban'],
  ['Behind the public market, Ormoc City, Leyte', 'Ormoc, Leyte'],
  ['12 Rizal Street, Tacloban City, Leyte, Philippines', 'Tacloban, Leyte, Philippines'],
  ['Kalye Mabini 45, Davao City, Philippines', 'Davao, Philippines'],
  ['Purok 3, Sitio Malinao, Ormoc City, Leyte', 'Ormoc, Leyte'],
  [
    'Blk 5 Lot 12, Phase 2, Bagong Silang, Caloocan, Metro Manila, Philippines',
    'Caloocan City, Metro Manila, Philippines',
  ],
  [
    'Robinsons Place, Justice Romualdez Street, Tacloban City, Leyte, Eastern Visayas, 6500, Philippines',
    // The last three names: the city gives way to the region (Eastern Visayas) the text names too.
    'Leyte, Eastern Visayas, Philippines',
  ],
  ['Tacloban City Hall, Kanhuraw Hill, Tacloban City, Leyte', 'Tacloban, Leyte'],
  ['Via Roma 12, 00184 Roma, Italia', 'Rome, Italy'],
  ['Via Garibaldi 7, 16124 Genova, Italy', 'Genoa, Italy'],
  ['Rue de Rivoli 12, 75001 Paris, France', 'Paris, France'],
  ['3 Rue Sainte-Catherine, Bordeaux', 'Bordeaux'],
  ['Calle Mayor 10, 28013 Madrid, España', 'Madrid, Spain'],
  ['Calle 50 #12-34, Medellín, Colombia', 'Medellín, Colombia'],
  ['Avenida Paulista 1578, São Paulo, Brazil', 'São Paulo, Brazil'],
  ['Rua Augusta 200, Lisboa, Portugal', 'Lisbon, Portugal'],
  ['ул. Ленина 5, Новосибирск', 'Novosibirsk'],
  ['ул. Тверская 7, Moscow, Russia', 'Moscow, Russia'],
  ['Hauptstraße 5, 10115 Berlin, Germany', 'Berlin, Germany'],
  ['Kurfürstendamm 21, Berlin', 'Berlin'],
  ['Keizersgracht 123, 1015 CJ Amsterdam, Netherlands', 'Netherlands'],
  ['Drottninggatan 10, Stockholm, Sweden', 'Stockholm, Sweden'],
  ['10 Downing Street, London SW1A 2AA, United Kingdom', 'London, United Kingdom'],
  ['Unit 4B, 221B Baker St, Marylebone, London NW1 6XE, UK', 'London, United Kingdom'],
  ['Flat 2, 14 Princes Street, Edinburgh EH2 2AN, Scotland', 'Edinburgh, Scotland'],
  [
    '1600 Pennsylvania Avenue NW, Washington, DC 20500, USA',
    'Washington, District of Columbia, United States',
  ],
  ['350 Fifth Avenue, New York, NY 10118', 'New York'],
  ['P.O. Box 123, Accra, Ghana', 'Accra, Ghana'],
  ['PO Box 4567, Nairobi 00100, Kenya', 'Nairobi, Kenya'],
  ['Jl. Malioboro No. 52, Yogyakarta, Indonesia', 'Yogyakarta, Indonesia'],
  ['Soi Sukhumvit 11, Bangkok 10110, Thailand', 'Bangkok, Thailand'],
  ['15 Nguyễn Huệ, Quận 1, Ho Chi Minh City, Vietnam', 'Ho Chi Minh City, Vietnam'],
  ['東京都渋谷区道玄坂1-2-3', ''],
  ['Shibuya Crossing, Tokyo, Japan', 'Tokyo, Japan'],
  ['Opposite Lagos Island General Hospital, Lagos, Nigeria', 'Lagos, Nigeria'],
  ['Next to the Shell station, Kumasi, Ghana', 'Kumasi, Ghana'],
  ['Plot 45, Kampala Road, Kampala, Uganda', 'Kampala, Uganda'],
  ['House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh', 'Dhaka, Bangladesh'],
  ['Sector 15, Gurgaon, Haryana 122001, India', 'Gurgaon, Haryana, India'],
  ['MG Road, Pune, Maharashtra, India', 'Pune, Maharashtra, India'],
  ['Umlazi, Durban, South Africa', 'Umlazi, Durban, South Africa'],
  ['Cebu City', 'Cebu City'],
  ['Tacloban', 'Tacloban'],
  ['Durban, South Africa', 'Durban, South Africa'],
  ['Lagos, Nigeria', 'Lagos, Nigeria'],
  ['Berlin, Germany', 'Berlin, Germany'],
  ['St. Louis, Missouri, United States', 'St. Louis, Missouri, United States'],
  // The region of Valparaíso (more people than its city), as GeoNames spells it.
  ['Valparaíso, Chile', 'Valparaiso, Chile'],
  ['Tromsø, Norway', 'Tromsø, Norway'],
  ['Singapore', 'Singapore'],
  ['Milan, Italy / remote', 'Milan, Italy, Remote'],
  ['Remote', 'Remote'],
];

/** Words of a street, a number, a landmark or a direction: none may reach a public text. */
export const STREET_OR_LANDMARK =
  /\b(street|ave|avenue|road|rd|corner|kalye|via|rue|calle|rua|avenida|jl|soi|purok|sitio|blk|lot|unit|flat|plot|house|sector|box|near|behind|opposite|next|church|market|hall|hill|hospital|station|crossing|place|mabini|maxilom|rizal|mango|gen|baker|downing|paulista|malioboro|sukhumvit|garibaldi|roma\s+12|ленина|тверская)\b|\d|ул\./iu;
