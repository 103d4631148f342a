-- a comment
CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT NOT NULL, pop INT);
CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, city_id INTEGER REFERENCES city(id));
INSERT INTO city VALUES (1, 'Paris', 2100000), (2, 'O''Hara', NULL);
INSERT INTO person(id, name, city_id) VALUES (1, 'Ann', 1);
