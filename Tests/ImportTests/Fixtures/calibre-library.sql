-- A Calibre library's metadata.db in Calibre's own schema (the tables bookgen reads, as Calibre
-- creates them), with its triggers and a view that call functions only Calibre defines: a
-- reader that ran them, or wrote anything, would fail.
CREATE TABLE books ( id      INTEGER PRIMARY KEY AUTOINCREMENT,
                             title     TEXT NOT NULL DEFAULT 'Unknown' COLLATE NOCASE,
                             sort      TEXT COLLATE NOCASE,
                             timestamp TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
                             pubdate   TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
                             series_index REAL NOT NULL DEFAULT 1.0,
                             author_sort TEXT COLLATE NOCASE,
                             isbn TEXT DEFAULT "" COLLATE NOCASE,
                             lccn TEXT DEFAULT "" COLLATE NOCASE,
                             path TEXT NOT NULL DEFAULT "",
                             flags INTEGER NOT NULL DEFAULT 1,
                             uuid TEXT,
                             has_cover BOOL DEFAULT 0,
                             last_modified TIMESTAMP NOT NULL DEFAULT "2000-01-01 00:00:00+00:00");
CREATE TABLE authors ( id   INTEGER PRIMARY KEY,
                              name TEXT NOT NULL COLLATE NOCASE,
                              sort TEXT COLLATE NOCASE,
                              link TEXT NOT NULL DEFAULT "",
                              UNIQUE(name));
CREATE TABLE books_authors_link ( id INTEGER PRIMARY KEY,
                                          book INTEGER NOT NULL,
                                          author INTEGER NOT NULL,
                                          UNIQUE(book, author));
CREATE TABLE tags ( id   INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE, link TEXT NOT NULL DEFAULT '', UNIQUE (name));
CREATE TABLE books_tags_link ( id INTEGER PRIMARY KEY, book INTEGER NOT NULL, tag INTEGER NOT NULL, UNIQUE(book, tag));
CREATE TABLE series ( id   INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE, sort TEXT COLLATE NOCASE, link TEXT NOT NULL DEFAULT '', UNIQUE (name));
CREATE TABLE books_series_link ( id INTEGER PRIMARY KEY, book INTEGER NOT NULL, series INTEGER NOT NULL, UNIQUE(book));
CREATE TABLE publishers ( id   INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE, sort TEXT COLLATE NOCASE, link TEXT NOT NULL DEFAULT '', UNIQUE(name));
CREATE TABLE books_publishers_link ( id INTEGER PRIMARY KEY, book INTEGER NOT NULL, publisher INTEGER NOT NULL, UNIQUE(book));
CREATE TABLE ratings ( id   INTEGER PRIMARY KEY, rating INTEGER CHECK(rating > -1 AND rating < 11), link TEXT NOT NULL DEFAULT '', UNIQUE (rating));
CREATE TABLE books_ratings_link ( id INTEGER PRIMARY KEY, book INTEGER NOT NULL, rating INTEGER NOT NULL, UNIQUE(book, rating));
CREATE TABLE identifiers  ( id     INTEGER PRIMARY KEY, book   INTEGER NOT NULL, type   TEXT NOT NULL DEFAULT "isbn" COLLATE NOCASE, val    TEXT NOT NULL COLLATE NOCASE, UNIQUE(book, type));
CREATE TABLE comments ( id INTEGER PRIMARY KEY, book INTEGER NOT NULL, text TEXT NOT NULL COLLATE NOCASE, UNIQUE(book));
CREATE TABLE data ( id     INTEGER PRIMARY KEY, book   INTEGER NOT NULL, format TEXT NOT NULL COLLATE NOCASE, uncompressed_size INTEGER NOT NULL, name   TEXT NOT NULL, UNIQUE(book, format));
CREATE TABLE custom_columns ( id       INTEGER PRIMARY KEY AUTOINCREMENT, label    TEXT NOT NULL, name     TEXT NOT NULL, datatype TEXT NOT NULL, mark_for_delete   BOOL DEFAULT 0 NOT NULL, editable BOOL DEFAULT 1 NOT NULL, display  TEXT DEFAULT "{}" NOT NULL, is_multiple BOOL DEFAULT 0 NOT NULL, normalized BOOL NOT NULL, UNIQUE(label));
CREATE TABLE custom_column_1(id INTEGER PRIMARY KEY AUTOINCREMENT, book  INTEGER, value BOOL NOT NULL, UNIQUE(book));
CREATE TABLE custom_column_2(id INTEGER PRIMARY KEY AUTOINCREMENT, book  INTEGER, value timestamp NOT NULL, UNIQUE(book));

INSERT INTO books (id, title, sort, timestamp, pubdate, series_index, author_sort, isbn, path, uuid, has_cover) VALUES
  (1, 'That Ain''t Witchcraft', 'That Ain''t Witchcraft', '2021-01-19 21:41:16.482134+00:00', '2019-03-05 00:00:00+00:00', 8.0, 'McGuire, Seanan', '9780756411800', 'Seanan McGuire/That Ain''t Witchcraft (1)', '3051ed45-8943-4900-a22a-d2704e3583df', 1),
  (2, 'Good Omens', 'Good Omens', '2020-05-04 10:00:00+00:00', '0101-01-01 00:00:00+00:00', 1.0, 'Pratchett, Terry & Gaiman, Neil', '', 'Terry Pratchett/Good Omens (2)', 'a6b0a1c2-0000-4000-8000-000000000002', 1),
  (3, 'A Planted Path', 'A Planted Path', '2020-05-05 10:00:00+00:00', '0101-01-01 00:00:00+00:00', 1.0, 'Unknown', '', '../../outside', 'a6b0a1c2-0000-4000-8000-000000000003', 1),
  (4, 'Linked Away', 'Linked Away', '2020-05-06 10:00:00+00:00', '1999-01-01 00:00:00+00:00', 1.0, 'Unknown', '', 'Unknown/Linked Away (4)', 'a6b0a1c2-0000-4000-8000-000000000004', 1);
INSERT INTO authors (id, name, sort) VALUES (1, 'Seanan McGuire', 'McGuire, Seanan'), (2, 'Terry Pratchett', 'Pratchett, Terry'), (3, 'Neil Gaiman', 'Gaiman, Neil'), (4, 'Unknown', 'Unknown');
INSERT INTO books_authors_link (id, book, author) VALUES (1, 1, 1), (2, 2, 2), (3, 2, 3), (4, 3, 4), (5, 4, 4);
INSERT INTO tags (id, name) VALUES (1, 'Fantasy'), (2, 'Cryptids'), (3, 'Humour');
INSERT INTO books_tags_link (id, book, tag) VALUES (1, 1, 1), (2, 1, 2), (3, 2, 3), (4, 2, 1);
INSERT INTO series (id, name, sort) VALUES (1, 'InCryptid', 'InCryptid');
INSERT INTO books_series_link (id, book, series) VALUES (1, 1, 1);
INSERT INTO publishers (id, name, sort) VALUES (1, 'Daw Books', 'Daw Books');
INSERT INTO books_publishers_link (id, book, publisher) VALUES (1, 1, 1);
INSERT INTO ratings (id, rating) VALUES (1, 10), (2, 9);
INSERT INTO books_ratings_link (id, book, rating) VALUES (1, 1, 1), (2, 2, 2);
INSERT INTO identifiers (id, book, type, val) VALUES (1, 1, 'isbn', '9780756411800'), (2, 1, 'goodreads', '39077187'), (3, 2, 'google', 'dCOqDwAAQBAJ'), (4, 4, 'openlibrary', 'OL7353617M');
INSERT INTO comments (id, book, text) VALUES (1, 1, '<div><p>Crossroads, <em>bargains</em> &amp; a <script>alert(1)</script>cryptid.</p></div>');
INSERT INTO data (id, book, format, uncompressed_size, name) VALUES (1, 1, 'EPUB', 1433809, 'That Ain''t Witchcraft - Seanan McGuire'), (2, 2, 'MOBI', 900, 'Good Omens - Terry Pratchett');
INSERT INTO custom_columns (id, label, name, datatype, normalized) VALUES (1, 'read', 'Read', 'bool', 0), (2, 'date_read', 'Date read', 'datetime', 0);
INSERT INTO custom_column_1 (book, value) VALUES (2, 1);
INSERT INTO custom_column_2 (book, value) VALUES (2, '2023-04-05 12:00:00+00:00');

CREATE TRIGGER books_insert_trg AFTER INSERT ON books
        BEGIN
            UPDATE books SET sort=title_sort(NEW.title),uuid=uuid4() WHERE id=NEW.id;
        END;
CREATE TRIGGER books_update_trg
            AFTER UPDATE ON books
            BEGIN
            UPDATE books SET sort=title_sort(NEW.title)
                         WHERE id=NEW.id AND OLD.title <> NEW.title;
            END;
CREATE VIEW meta AS
        SELECT id, title,
               (SELECT sortconcat(bal.id, name) FROM books_authors_link AS bal JOIN authors ON(author = authors.id) WHERE book = books.id) authors
        FROM books;
