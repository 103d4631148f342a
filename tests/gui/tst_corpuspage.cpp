// The Corpus page, offscreen: the demo's documents with chunk boundaries in the viewer; an
// import of a JSONL file with sentence chunking as a background job that undo removes and
// redo brings back; GRAMMAR's list-valued corpus JSON; a bad file imports nothing and says
// where it is wrong; Try retrieval
// shows two retrievers side by side with the matching terms marked.
#include "testmain.h"
#include "commands/importcorpuscommand.h"
#include "core/job.h"
#include "generation/generationstore.h"
#include "generation/semanticgroup.h"
#include "corpuspage.h"
#include "itemmodels/corpusdocumentsmodel.h"
#include "project/project.h"
#include "retrieval/corpusstore.h"
#include "testdemo.h"
#include "testsettings.h"

#include <QComboBox>
#include <QFile>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

namespace tst_corpuspage {

using namespace assay;

class TestCorpusPage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;

    // Starts a page job and waits for the page to show its outcome (the spy listens before the
    // job starts, so a job that ends at once is not missed).
    template <typename Start>
    bool waitFor(CorpusPage &page, Start start, QString *message = nullptr)
    {
        QSignalSpy finished(&page, &CorpusPage::jobFinished);
        if (!start())
            return false;
        if (finished.isEmpty() && !finished.wait(60000))
            return false;
        if (message)
            *message = finished.constFirst().at(1).toString();
        return finished.constFirst().at(0).toBool();
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        m_project = test::openDemoProject(m_dir);
        QVERIFY(m_project);
    }

    void listsAndShowsDocuments()
    {
        CorpusPage page(m_project.get());
        page.resize(1400, 850);
        page.show();
        const qint64 documents = CorpusStore(m_project->database()).documentIds().value().size();
        QVERIFY(documents > 10);
        QCOMPARE(page.model()->rowCount(), int(documents));
        QVERIFY2(page.summaryText().startsWith(QStringLiteral("%1 documents").arg(documents)), qPrintable(page.summaryText()));
        page.view()->selectRow(2);
        const QString id = page.model()->document(2).id;
        QVERIFY(page.viewerHtml().contains(id));
        QVERIFY(page.viewerHtml().contains(QLatin1String("chunk 1")));
    }

    void importUndoRedo()
    {
        CorpusPage page(m_project.get());
        page.show();
        const int before = page.model()->rowCount();
        const QString path = m_dir.filePath(QStringLiteral("extra.jsonl"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"id\": \"x1\", \"text\": \"Zanzibar exports cloves. The harbour is busy. Ships leave at dawn.\"}\n"
                "{\"id\": \"x2\", \"text\": \"Cloves grow on trees.\", \"year\": 2020}\n");
        f.close();
        QString message;
        QVERIFY2(waitFor(page, [&] { return page.startImport(path, CorpusImporter::Format::Jsonl); }, &message), qPrintable(message));
        QCOMPARE(page.model()->rowCount(), before + 2);
        QCOMPARE(CorpusStore(m_project->database()).chunkTexts(QStringLiteral("x1")).value().size(), 1); // whole-document chunks by default
        // Undo removes exactly the two documents; redo imports them again.
        QUndoStack *undo = m_project->undoStack();
        QCOMPARE(undo->undoText(), QStringLiteral("Import 2 document(s)"));
        undo->undo();
        QCOMPARE(page.model()->rowCount(), before);
        QVERIFY(!CorpusStore(m_project->database()).documentIds().value().contains(QStringLiteral("x1")));
        undo->redo();
        QCOMPARE(page.model()->rowCount(), before + 2);
        // A bad line: nothing imported, the message names the line.
        const QString bad = m_dir.filePath(QStringLiteral("bad.jsonl"));
        QFile b(bad);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write("{\"id\": \"y1\", \"text\": \"fine\"}\n{not json\n");
        b.close();
        QVERIFY(!waitFor(page, [&] { return page.startImport(bad, CorpusImporter::Format::Jsonl); }, &message));
        QVERIFY2(message.contains(QLatin1String(":2")) || message.contains(QLatin1String("line 2")), qPrintable(message));
        QCOMPARE(page.model()->rowCount(), before + 2);
        QVERIFY2(page.summaryText().contains(QLatin1String("Nothing was imported")), qPrintable(page.summaryText()));
    }

    // The menu's GRAMMAR Corpus JSON reads list-valued files as the CLI does (METHODS §1.9):
    // one document per text, ids ID#1, ID#2; a non-text in a list names its id and place.
    void importGrammarLists()
    {
        CorpusPage page(m_project.get());
        page.show();
        const int before = page.model()->rowCount();
        const QString path = m_dir.filePath(QStringLiteral("crews.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\n  \"dock\": [\"Lia runs the crane.\", \"Moe checks the manifests.\"],\n  \"yard\": \"The yard opens at six.\"\n}\n");
        f.close();
        QString message;
        QVERIFY2(waitFor(page, [&] { return page.startImport(path, CorpusImporter::Format::Grammar); }, &message), qPrintable(message));
        QCOMPARE(page.model()->rowCount(), before + 3);
        const auto ids = CorpusStore(m_project->database()).documentIds();
        QVERIFY2(ids.ok(), qPrintable(ids.error()));
        for (const char *id : {"dock#1", "dock#2", "yard"})
            QVERIFY2(ids.value().contains(QLatin1String(id)), id);
        const QString bad = m_dir.filePath(QStringLiteral("badcrews.json"));
        QFile b(bad);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write("{\"pier\": [\"Ned ties up.\", null]}");
        b.close();
        QVERIFY(!waitFor(page, [&] { return page.startImport(bad, CorpusImporter::Format::Grammar); }, &message));
        QVERIFY2(message.contains(QLatin1String("document 'pier', item 2 of 2 in its list: expected a text, found null")), qPrintable(message));
        QCOMPARE(page.model()->rowCount(), before + 3);
    }

    void groupsAndTrueDocuments();

    void tryRetrievalSideBySide()
    {
        CorpusPage page(m_project.get());
        page.resize(1400, 850);
        page.show();
        page.retrieverBox(0)->setCurrentText(QStringLiteral("bm25"));
        page.retrieverBox(1)->setCurrentText(QStringLiteral("keyword"));
        QString message;
        QVERIFY2(waitFor(page, [&] { return page.startProbe(QStringLiteral("Which spice does Zanzibar export?")); }, &message), qPrintable(message));
        QVERIFY(page.resultsHtml(0).contains(QLatin1String("bm25")));
        QVERIFY(page.resultsHtml(1).contains(QLatin1String("keyword")));
        // The imported document is the best hit, its matching words marked.
        QVERIFY2(page.resultsHtml(0).contains(QLatin1String("x1")), qPrintable(page.resultsHtml(0)));
        QVERIFY(page.resultsHtml(0).contains(QLatin1String("zanzibar")));
        QVERIFY(page.resultsHtml(0).contains(QLatin1String("#ffe08a")));
        // An empty query is refused with a message, not an empty result.
        QVERIFY(!waitFor(page, [&] { return page.startProbe(QString()); }, &message));
        QVERIFY(message.contains(QLatin1String("query")));
        const QString dir = qEnvironmentVariable("ASSAY_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            QVERIFY(waitFor(page, [&] { return page.startProbe(QStringLiteral("Which spice does Zanzibar export?")); }));
            page.grab().save(dir + QStringLiteral("/corpus-page.png"));
        }
    }
};

void TestCorpusPage::groupsAndTrueDocuments()
{
    CorpusPage page(m_project.get());
    page.resize(1400, 850);
    page.show();
    GenerationStore store(m_project->database());
    // A document of the demo and the groups whose facts it states, both ways round.
    int row = -1;
    GenerationStore::GroupFact fact;
    for (int r = 0; r < page.model()->rowCount() && row < 0; ++r) {
        auto groups = store.groupsOfDocument(page.model()->document(r).id);
        QVERIFY(groups);
        if (!groups.value().isEmpty()) {
            row = r;
            fact = groups.value().first();
        }
    }
    QVERIFY(row >= 0);
    const QString doc = page.model()->document(row).id;
    QVERIFY(store.groupDocuments(fact.id).value().contains(doc));
    QCOMPARE(store.groupDocuments(99999999).code(), ErrorCode::NotFound);
    page.showDocument(row);
    QVERIFY(page.viewerHtml().contains(QLatin1String("States the facts of")));
    QVERIFY(page.viewerHtml().contains(QStringLiteral("g%1").arg(fact.id)));
    // A probe for that group marks its true documents and says where they ranked.
    const QString group = QStringLiteral("g%1").arg(fact.id);
    QString message;
    QVERIFY2(waitFor(page, [&] { return page.startProbe(fact.answer + QStringLiteral(" ") + SemanticGroup{SemanticGroup::valuesFromJson(fact.valuesJson), {}, 0, {}}
                                                                                           .valueTexts().join(QLatin1Char(' ')), group); }, &message),
             qPrintable(message));
    QVERIFY2(page.resultsHtml(0).contains(QStringLiteral("True documents of %1").arg(group)), qPrintable(page.resultsHtml(0)));
    QVERIFY(page.resultsHtml(0).contains(QLatin1String("found at rank")) || page.resultsHtml(0).contains(QLatin1String("none retrieved")));
    if (const QString dir = qEnvironmentVariable("ASSAY_SCREENSHOT_DIR"); !dir.isEmpty())
        page.grab().save(dir + QStringLiteral("/corpus-group.png"));
    // Not a group: refused with a message.
    QSignalSpy refused(&page, &CorpusPage::jobFinished);
    QVERIFY(!page.startProbe(QStringLiteral("anything"), QStringLiteral("zz")));
    QCOMPARE(refused.count(), 1);
    QVERIFY(refused.constFirst().at(1).toString().contains(QLatin1String("not a group")));
    QVERIFY(page.resultsHtml(0).contains(QLatin1String("not a group")));
}

ASSAY_TEST_MAIN(TestCorpusPage)

} // namespace tst_corpuspage
#include "tst_corpuspage.moc"
