-- Quillmoor Engineering Cooperative: a fictional civil and environmental engineering
-- consultancy. Every name below is invented for Assay's demo. Surrogate ids are integers;
-- titles, names and cities are unique so that questions about them have one answer.
CREATE TABLE offices (
    office_id  INTEGER PRIMARY KEY,
    city       TEXT NOT NULL UNIQUE,
    country    TEXT NOT NULL,
    opened     DATE NOT NULL,
    desk_count INTEGER NOT NULL
);
CREATE TABLE employees (
    employee_id INTEGER PRIMARY KEY,
    full_name   TEXT NOT NULL UNIQUE,
    role        TEXT NOT NULL,
    office_id   INTEGER NOT NULL REFERENCES offices(office_id),
    hire_date   DATE NOT NULL,
    specialty   TEXT NOT NULL
);
CREATE TABLE clients (
    client_id    INTEGER PRIMARY KEY,
    name         TEXT NOT NULL UNIQUE,
    industry     TEXT NOT NULL,
    country      TEXT NOT NULL,
    client_since DATE NOT NULL
);
CREATE TABLE projects (
    project_id  INTEGER PRIMARY KEY,
    title       TEXT NOT NULL UNIQUE,
    client_id   INTEGER NOT NULL REFERENCES clients(client_id),
    lead_id     INTEGER NOT NULL REFERENCES employees(employee_id),
    office_id   INTEGER NOT NULL REFERENCES offices(office_id),
    budget_keur INTEGER NOT NULL,
    start_date  DATE NOT NULL,
    status      TEXT NOT NULL
);

INSERT INTO offices VALUES
 (1, 'Bergen',   'Norway',   '2009-04-01', 38),
 (2, 'Porto',    'Portugal', '2012-09-17', 24),
 (3, 'Tallinn',  'Estonia',  '2014-02-03', 19),
 (4, 'Ghent',    'Belgium',  '2016-11-21', 31),
 (5, 'Valletta', 'Malta',    '2019-06-10', 12),
 (6, 'Cork',     'Ireland',  '2021-01-18', 16);

INSERT INTO employees VALUES
 ( 1, 'Ingrid Solvang',      'project director',      1, '2009-05-04', 'offshore foundations'),
 ( 2, 'Tomas Brekke',        'geotechnical engineer', 1, '2011-08-15', 'slope stability'),
 ( 3, 'Marit Holen',         'hydrologist',           1, '2015-03-02', 'flood modelling'),
 ( 4, 'Rui Carvalhal',       'structural engineer',   2, '2012-10-01', 'masonry bridges'),
 ( 5, 'Beatriz Lameira',     'project director',      2, '2013-01-14', 'port infrastructure'),
 ( 6, 'Duarte Mendonça',     'surveyor',              2, '2018-06-25', 'laser scanning'),
 ( 7, 'Kaarel Tamm',         'environmental analyst', 3, '2014-03-10', 'peatland restoration'),
 ( 8, 'Liis Vahtra',         'structural engineer',   3, '2016-09-05', 'timber structures'),
 ( 9, 'Oskar Rebane',        'cost planner',          3, '2020-02-17', 'public tenders'),
 (10, 'Wout Verhaegen',      'project director',      4, '2016-12-01', 'canal locks'),
 (11, 'Elise Vanderlinden',  'hydrologist',           4, '2017-04-18', 'groundwater'),
 (12, 'Jens Maes',           'geotechnical engineer', 4, '2019-10-07', 'soft soils'),
 (13, 'Anouk De Smedt',      'surveyor',              4, '2021-03-22', 'drone photogrammetry'),
 (14, 'Carmel Zammit',       'structural engineer',   5, '2019-07-01', 'seismic retrofits'),
 (15, 'Luca Farrugia',       'environmental analyst', 5, '2020-11-09', 'marine habitats'),
 (16, 'Niamh Cusack',        'project director',      6, '2021-02-01', 'coastal defences'),
 (17, 'Padraig Ó Loinsigh',  'hydrologist',           6, '2021-09-13', 'river gauging'),
 (18, 'Siobhan Treacy',      'cost planner',          6, '2022-05-30', 'whole-life costing'),
 (19, 'Henrik Aasland',      'surveyor',              1, '2022-08-08', 'bathymetry'),
 (20, 'Joana Pestana',       'environmental analyst', 2, '2022-01-24', 'air quality'),
 (21, 'Mirjam Kask',         'geotechnical engineer', 3, '2023-04-03', 'frost heave'),
 (22, 'Bram Claeys',         'cost planner',          4, '2023-09-11', 'risk allowances');

INSERT INTO clients VALUES
 ( 1, 'Brambleway Haulage',          'logistics',          'Norway',   '2010-03-15'),
 ( 2, 'Corvid Harbour Authority',    'ports',              'Portugal', '2012-11-02'),
 ( 3, 'Tidewell Power',              'energy',             'Norway',   '2013-06-20'),
 ( 4, 'Sunmere Foods',               'food processing',    'Belgium',  '2017-02-08'),
 ( 5, 'Kestrel Rail Freight',        'public transport',   'Estonia',  '2015-05-11'),
 ( 6, 'Oakhollow Hospital Trust',    'healthcare',         'Ireland',  '2021-04-26'),
 ( 7, 'Lindqvarn Water Board',       'water utilities',    'Estonia',  '2014-09-29'),
 ( 8, 'Marisol Ferry Lines',         'ports',              'Malta',    '2019-08-19'),
 ( 9, 'Greyfen Telecom',             'telecommunications', 'Belgium',  '2018-01-30'),
 (10, 'Ashcombe Wind Cooperative',   'energy',             'Ireland',  '2022-03-07'),
 (11, 'Rivabella Municipal Transit', 'public transport',   'Portugal', '2016-07-13'),
 (12, 'Veldhoven Sugar Refinery',    'food processing',    'Belgium',  '2020-10-05');

INSERT INTO projects VALUES
 ( 1, 'Nordvik quay wall survey',          1,  2, 1,  420, '2018-03-12', 'completed'),
 ( 2, 'Tidewell cable landfall study',     3,  1, 1, 1850, '2020-06-01', 'completed'),
 ( 3, 'Fjellsbu flood barrier design',     3,  3, 1, 2300, '2022-09-19', 'active'),
 ( 4, 'Douro berth extension',             2,  5, 2, 3100, '2019-02-04', 'completed'),
 ( 5, 'Ribeira arch bridge assessment',   11,  4, 2,  640, '2021-05-17', 'completed'),
 ( 6, 'Matosinhos dredging baseline',      2,  6, 2,  275, '2023-03-06', 'active'),
 ( 7, 'Paldiski rail siding renewal',      5,  8, 3,  980, '2017-10-23', 'completed'),
 ( 8, 'Soomaa bog rewetting plan',         7,  7, 3,  350, '2021-04-12', 'active'),
 ( 9, 'Kopli freight yard tender',         5,  9, 3,  150, '2024-01-15', 'tendering'),
 (10, 'Leie lock gate replacement',        4, 10, 4, 4200, '2018-08-27', 'completed'),
 (11, 'Zwijnaarde aquifer monitoring',    12, 11, 4,  520, '2020-02-10', 'active'),
 (12, 'Greyfen mast foundations',          9, 12, 4,  730, '2022-11-07', 'on hold'),
 (13, 'Sunmere cold store extension',      4, 22, 4, 1120, '2023-06-19', 'active'),
 (14, 'Grand Harbour ferry ramp retrofit', 8, 14, 5, 1600, '2020-03-30', 'completed'),
 (15, 'Marsaxlokk seagrass survey',        8, 15, 5,  190, '2022-07-04', 'completed'),
 (16, 'Oakhollow ward block extension',    6, 16, 6, 2750, '2021-10-11', 'active'),
 (17, 'Ashcombe turbine access roads',    10, 18, 6,  860, '2022-04-25', 'active'),
 (18, 'Lee estuary gauging network',      10, 17, 6,  310, '2023-02-13', 'on hold'),
 (19, 'Brambleway depot drainage',         1, 19, 1,  205, '2023-08-21', 'active'),
 (20, 'Rivabella tram depot survey',      11, 20, 2,  160, '2024-02-26', 'tendering'),
 (21, 'Lindqvarn reservoir dam review',    7, 21, 3, 1340, '2023-10-02', 'active'),
 (22, 'Veldhoven effluent lagoon study',  12, 13, 4,  410, '2021-12-06', 'completed'),
 (23, 'Kestrel timber footbridge',         5,  8, 3,  225, '2019-05-20', 'completed'),
 (24, 'Tidewell substation piling',        3,  2, 1, 1470, '2024-03-18', 'tendering'),
 (25, 'Oakhollow energy centre study',     6, 18, 6,  540, '2024-05-06', 'on hold'),
 (26, 'Corvid breakwater inspection',      2,  4, 2,  880, '2016-09-12', 'completed');
