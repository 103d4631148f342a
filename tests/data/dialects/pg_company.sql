--
-- PostgreSQL database dump
--
\restrict abc123
SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SELECT pg_catalog.set_config('search_path', '', false);
SET default_tablespace = '';
CREATE TABLE public.company (
    company_id integer NOT NULL,
    name character varying(100) NOT NULL,
    headquarters text,
    founded date,
    sales numeric(10,2) DEFAULT 0.0,
    tags text[],
    active boolean DEFAULT true
);
ALTER TABLE public.company OWNER TO postgres;
CREATE SEQUENCE public.company_company_id_seq
    AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.company_company_id_seq OWNED BY public.company.company_id;
CREATE TABLE public.people (
    people_id bigserial,
    name text NOT NULL,
    age integer,
    company_id integer,
    note text DEFAULT 'n/a'::text
);
CREATE TABLE public.events (
    id integer GENERATED ALWAYS AS IDENTITY (SEQUENCE NAME public.events_id_seq START WITH 1),
    what text
);
ALTER TABLE ONLY public.company ALTER COLUMN company_id SET DEFAULT nextval('public.company_company_id_seq'::regclass);
COPY public.company (company_id, name, headquarters, founded, sales, tags, active) FROM stdin;
1	ExxonMobil	USA	1999-11-30	433.50	{oil,gas}	t
2	Tab\there	\N	\N	110.80	\N	f
3	Line\nbreak \\ back	UK	2001-01-01	95.20	{}	t
\.
INSERT INTO public.people (people_id, name, age, company_id, note) VALUES (1, E'O\'Brien', 40, 1, 'x'::text);
INSERT INTO public.people VALUES (2, 'Dana', NULL, 3, $$dollar 'quoted'$$);
INSERT INTO public.events (what) OVERRIDING SYSTEM VALUE VALUES ('start');
SELECT pg_catalog.setval('public.company_company_id_seq', 3, true);
ALTER TABLE ONLY public.company
    ADD CONSTRAINT company_pkey PRIMARY KEY (company_id);
ALTER TABLE ONLY public.people
    ADD CONSTRAINT people_pkey PRIMARY KEY (people_id);
CREATE INDEX people_name_idx ON public.people USING btree (name);
ALTER TABLE ONLY public.people
    ADD CONSTRAINT people_company_fk FOREIGN KEY (company_id) REFERENCES public.company(company_id) ON DELETE SET NULL NOT VALID;
CREATE VIEW public.v AS SELECT 1;
COMMENT ON TABLE public.company IS 'companies';
GRANT ALL ON TABLE public.company TO reader;
