// GRAMMAR's corpus JSON in both of its shapes (docs/METHODS.md §1.9): {id: text} and
// {id: [text, …]} (one document per text, ids id#1, id#2, …), mixed in one file, empty lists,
// values that are neither (the message names the id and the list position), and the format
// chosen for a .json file when none is named (JSON Lines, else GRAMMAR's object, else a message
// naming the file, both formats and where each stopped).
#include "testmain.h"
#include "project/project.h"
#include "retrieval/corpusimporter.h"
#include "retrieval/corpusstore.h"
#include "testsettings.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

namespace tst_corpusformats {

using namespace assay;

namespace {

QStringList idsOf(const QVector<CorpusDocument> &docs)
{
    QStringList out;
    for (const CorpusDocument &d : docs)
        out << d.id;
    return out;
}

} // namespace

class TestCorpusFormats : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    int m_serial = 0;

    QString write(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }
    std::unique_ptr<Project> fresh() { return Project::create(m_dir.filePath(QStringLiteral("c%1.assay").arg(++m_serial))).take(); }

private slots:
    void initTestCase() { test::isolateSettings(); }

    // A company's list of staff profiles becomes one document per profile, numbered from 1
    // in the list's order; the file imports into a project as those documents.
    void listValuedDocumentsOnePerText()
    {
        const QString path = write(QStringLiteral("staff.json"), R"({
  "17": ["Ada Park welds hull plates at the north yard.", "Ben Ortiz keeps the payroll ledger."],
  "42": ["Chen Li works nights on the cardiac ward."]
})");
        auto docs = CorpusImporter::read(path, CorpusImporter::Format::Grammar);
        QVERIFY2(docs.ok(), qPrintable(docs.error()));
        QCOMPARE(idsOf(docs.value()), (QStringList{QStringLiteral("17#1"), QStringLiteral("17#2"), QStringLiteral("42#1")}));
        QCOMPARE(docs.value()[1].text, QStringLiteral("Ben Ortiz keeps the payroll ledger."));
        QCOMPARE(docs.value()[2].text, QStringLiteral("Chen Li works nights on the cardiac ward."));
        QCOMPARE(docs.value()[0].source, path);
        QCOMPARE(docs.value()[0].metadataJson, QStringLiteral("{}"));
        auto p = fresh();
        auto imported = CorpusImporter::import(*p, docs.value(), {});
        QVERIFY2(imported.ok(), qPrintable(imported.error()));
        QCOMPARE(imported.value().documents, 3);
        const auto stored = CorpusStore(p->database()).documentIds();
        QVERIFY2(stored.ok(), qPrintable(stored.error()));
        QVERIFY(stored.value().contains(QStringLiteral("17#2")) && stored.value().contains(QStringLiteral("42#1")));
    }

    // Plain texts keep their ids as they are; lists beside them are numbered; file order kept.
    void mixedFileKeepsBothShapes()
    {
        const QString path = write(QStringLiteral("mixed.json"),
                                   R"({"memo": "The depot closes on Fridays.", "crew": ["Dana drives.", "Eli loads."], "notice": "Gate B is shut."})");
        auto docs = CorpusImporter::read(path, CorpusImporter::Format::Grammar);
        QVERIFY2(docs.ok(), qPrintable(docs.error()));
        QCOMPARE(idsOf(docs.value()), (QStringList{QStringLiteral("memo"), QStringLiteral("crew#1"), QStringLiteral("crew#2"), QStringLiteral("notice")}));
        QCOMPARE(docs.value()[0].text, QStringLiteral("The depot closes on Fridays."));
        QCOMPARE(docs.value()[2].text, QStringLiteral("Eli loads."));
        // An id written out as "crew#1" and the list's first text collide: nothing is imported.
        const QString clash = write(QStringLiteral("clash.json"), "{\"crew#1\": \"Written out.\", \"crew\": [\"From the list.\"]}");
        auto clashing = CorpusImporter::read(clash, CorpusImporter::Format::Grammar);
        QVERIFY2(clashing.ok(), qPrintable(clashing.error()));
        auto p = fresh();
        const auto refused = CorpusImporter::import(*p, clashing.value(), {});
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().contains(QLatin1String("duplicate document id 'crew#1'")), qPrintable(refused.error()));
    }

    // An empty list gives no document; a file of nothing but empty lists is refused.
    void emptyListGivesNoDocument()
    {
        const QString path = write(QStringLiteral("sparse.json"), R"({"none": [], "one": ["A single profile."]})");
        auto docs = CorpusImporter::read(path, CorpusImporter::Format::Grammar);
        QVERIFY2(docs.ok(), qPrintable(docs.error()));
        QCOMPARE(idsOf(docs.value()), QStringList{QStringLiteral("one#1")});
        const QString empty = write(QStringLiteral("empty.json"), R"({"none": [], "nobody": []})");
        auto nothing = CorpusImporter::read(empty, CorpusImporter::Format::Grammar);
        QVERIFY(!nothing.ok());
        QVERIFY2(nothing.error().startsWith(empty + QStringLiteral(": no documents")), qPrintable(nothing.error()));
    }

    void faultsNameTheirPlace_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("number in a list") << QByteArray(R"({"fine": "ok", "crew": ["Dana drives.", 7, "Eli loads."]})")
                                          << "document 'crew', item 2 of 3 in its list: expected a text, found number";
        QTest::newRow("object as a value") << QByteArray(R"({"k": {"text": "nested"}})") << "document 'k': expected a text or a list of texts, found object";
        QTest::newRow("list in a list") << QByteArray(R"({"k": ["a", ["b"]]})") << "document 'k', item 2 of 2 in its list: expected a text, found array";
        QTest::newRow("top-level list") << QByteArray(R"(["a", "b"])") << "expected one JSON object {doc_id: text} or {doc_id: [text, …]}, found array";
        QTest::newRow("broken JSON") << QByteArray("{\n  \"a\": \"x\",\n  \"b\": \n}\n") << "not valid JSON at line 4, column 1";
    }
    void faultsNameTheirPlace()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        const QString path = write(QStringLiteral("bad.json"), content);
        auto docs = CorpusImporter::read(path, CorpusImporter::Format::Grammar);
        QVERIFY(!docs.ok());
        QVERIFY2(docs.error().startsWith(path + QStringLiteral(": ")), qPrintable(docs.error()));
        QVERIFY2(docs.error().contains(expected), qPrintable(docs.error()));
    }

    // Without a named format: folders are folders, .json files may be either JSON format,
    // anything else is JSON Lines (as before).
    void defaultFormatFollowsThePath()
    {
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("folder")));
        QCOMPARE(CorpusImporter::defaultFor(m_dir.filePath(QStringLiteral("folder"))), CorpusImporter::Format::Folder);
        QCOMPARE(CorpusImporter::defaultFor(QStringLiteral("people.json")), CorpusImporter::Format::Detect);
        QCOMPARE(CorpusImporter::defaultFor(QStringLiteral("PEOPLE.JSON")), CorpusImporter::Format::Detect);
        QCOMPARE(CorpusImporter::defaultFor(QStringLiteral("people.jsonl")), CorpusImporter::Format::Jsonl);
        QCOMPARE(CorpusImporter::defaultFor(QStringLiteral("people.txt")), CorpusImporter::Format::Jsonl);
        QCOMPARE(CorpusImporter::formatOf(QStringLiteral("auto")).value(), CorpusImporter::Format::Detect);
        QVERIFY(CorpusImporter::formatOf(QStringLiteral("yaml")).error().contains(QLatin1String("auto")));
    }

    void detectReadsEitherJsonFormat()
    {
        const QString grammar = write(QStringLiteral("lists.json"), "{\n  \"7\": [\"Fay audits invoices.\", \"Gus repairs forklifts.\"]\n}\n");
        auto fromGrammar = CorpusImporter::read(grammar, CorpusImporter::Format::Detect);
        QVERIFY2(fromGrammar.ok(), qPrintable(fromGrammar.error()));
        QCOMPARE(idsOf(fromGrammar.value()), (QStringList{QStringLiteral("7#1"), QStringLiteral("7#2")}));
        const QString lines = write(QStringLiteral("lines.json"), "{\"id\": \"a\", \"text\": \"First.\"}\n{\"id\": \"b\", \"text\": \"Second.\", \"year\": 2021}\n");
        auto fromLines = CorpusImporter::read(lines, CorpusImporter::Format::Detect);
        QVERIFY2(fromLines.ok(), qPrintable(fromLines.error()));
        QCOMPARE(idsOf(fromLines.value()), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        QCOMPARE(fromLines.value()[1].metadataJson, QStringLiteral("{\"year\":2021}"));
    }

    // Neither format reads it: one message names the file, both formats and where each stopped.
    void neitherFormatSaysWhatEachFound_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("asLines");
        QTest::addColumn<QString>("asGrammar");
        QTest::newRow("number value") << QByteArray("{\n  \"a\": \"Fine.\",\n  \"b\": 3\n}\n") << "line 1: not a JSON object"
                                      << "document 'b': expected a text or a list of texts, found number";
        QTest::newRow("two objects without ids") << QByteArray("{\"a\": \"x\"}\n{\"b\": \"y\"}\n") << "line 1: a document needs \"id\" and \"text\""
                                                 << "not valid JSON at line 2, column 1";
    }
    void neitherFormatSaysWhatEachFound()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, asLines);
        QFETCH(QString, asGrammar);
        const QString path = write(QStringLiteral("neither.json"), content);
        auto docs = CorpusImporter::read(path, CorpusImporter::defaultFor(path));
        QVERIFY(!docs.ok());
        const QString e = docs.error();
        QVERIFY2(e.startsWith(path + QStringLiteral(": neither corpus format reads this file")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("As JSON Lines ({\"id\", \"text\"} per line): ") + asLines), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("As GRAMMAR's corpus JSON ({doc_id: text} or {doc_id: [text, …]}): ") + asGrammar), qPrintable(e));
        QCOMPARE(e.count(path), 1); // the file is named once, at the start
    }

    // The existing shape is read exactly as before: ids as written, no suffix, file order.
    void plainShapeUnchanged()
    {
        const QString path = write(QStringLiteral("plain.json"), R"({"doc-2": "second", "doc-1": "first"})");
        for (const auto format : {CorpusImporter::Format::Grammar, CorpusImporter::Format::Detect}) {
            auto docs = CorpusImporter::read(path, format);
            QVERIFY2(docs.ok(), qPrintable(docs.error()));
            QCOMPARE(idsOf(docs.value()), (QStringList{QStringLiteral("doc-2"), QStringLiteral("doc-1")}));
            QCOMPARE(docs.value()[1].text, QStringLiteral("first"));
        }
    }
};

ASSAY_TEST_GUILESS_MAIN(TestCorpusFormats)

} // namespace tst_corpusformats
#include "tst_corpusformats.moc"
