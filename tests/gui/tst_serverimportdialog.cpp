// Issue 52 from the GUI: File → Import Knowledge Schema → From PostgreSQL… / From
// MySQL/MariaDB… against real servers started by the suite (tests/testservers.h). The dialog
// connects off the GUI thread and lists the tables with their row counts; a wrong password is
// said in the dialog; the import runs as a job that shows the type mapping, undoes, and
// leaves the project unchanged when cancelled.
#include "core/job.h"
#include "projectnavigator.h"
#include "generationactions.h"
#include "generation/generationstore.h"
#include "dialogs/serverimportdialog.h"
#include "mainwindow.h"
#include "messagebar.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "schema/sqlscriptreader.h"
#include "schemaeditor.h"
#include "testmain.h"
#include "testservers.h"
#include "testsettings.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTableView>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>

namespace tst_serverimportdialog {
using namespace assay;

class TestServerImportDialog : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    test::PostgresServer m_postgres;
    test::MariaDbServer m_mariadb;
    QString m_problems[2];

    test::TestServer *server(int i) { return i == 0 ? static_cast<test::TestServer *>(&m_postgres) : &m_mariadb; }

    static void fill(ServerImportDialog &d, test::TestServer *s, const QString &password)
    {
        d.hostField()->setText(s->socket());
        d.databaseField()->setText(QStringLiteral("company"));
        d.userField()->setText(QStringLiteral("assay"));
        d.passwordField()->setText(password);
    }

    static void saveShot(QWidget *w, const QString &name)
    {
        const QString dir = qEnvironmentVariable("ASSAY_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            w->grab().save(QDir(dir).filePath(name));
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        auto spider = SqlScriptReader::readFile(QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee/schema.sql"));
        QVERIFY2(spider.ok(), qPrintable(spider.error()));
        for (int i = 0; i < 2; ++i) {
            QString problem = server(i)->start();
            if (problem.isEmpty() && !server(i)->createDatabase(QStringLiteral("company")))
                problem = QStringLiteral("cannot create the database");
            if (problem.isEmpty())
                problem = server(i)->load(QStringLiteral("company"), spider.value());
            QVERIFY2(problem.isEmpty() || server(i)->missingBinaries(), qPrintable(problem));
            m_problems[i] = problem;
        }
    }

    void menuHasBothServers()
    {
        MainWindow w;
        QStringList texts;
        for (QAction *a : w.menuBar()->actions())
            if (a->menu())
                for (QAction *b : a->menu()->actions())
                    if (b->menu())
                        for (QAction *c : b->menu()->actions())
                            texts << c->text().remove(QLatin1Char('&'));
        QVERIFY2(texts.contains(QStringLiteral("From PostgreSQL…")), qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY2(texts.contains(QStringLiteral("From MySQL/MariaDB…")), qPrintable(texts.join(QLatin1Char('|'))));
    }

    void dialogListsTablesWithRowCounts_data()
    {
        QTest::addColumn<int>("which");
        QTest::newRow("postgres") << 0;
        QTest::newRow("mariadb") << 1;
    }
    void dialogListsTablesWithRowCounts()
    {
        QFETCH(int, which);
        if (!m_problems[which].isEmpty())
            QSKIP(qPrintable(m_problems[which]));
        test::TestServer *s = server(which);
        ServerImportDialog d(s->dialect());
        d.resize(620, 560);
        d.show();
        QPushButton *ok = d.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(!ok->isEnabled()); // nothing listed yet
        QCOMPARE(d.schemaField()->isVisible(), which == 0);

        // A wrong password: said in the dialog, nothing listed.
        fill(d, s, QStringLiteral("wrong"));
        QSignalSpy finished(&d, &ServerImportDialog::connectFinished);
        d.connectToServer();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.constLast().at(0).toBool(), false);
        QVERIFY2(d.status().contains(QStringLiteral("check the user and password")), qPrintable(d.status()));
        QCOMPARE(d.tableList()->rowCount(), 0);
        QVERIFY(!ok->isEnabled());

        fill(d, s, QString::fromLatin1(test::TestServer::Password));
        d.connectToServer();
        QVERIFY(finished.wait(30000));
        QVERIFY2(finished.constLast().at(0).toBool(), qPrintable(d.status()));
        QCOMPARE(d.tableList()->rowCount(), 3);
        QStringList listed;
        for (int r = 0; r < 3; ++r)
            listed << d.tableList()->item(r, 0)->text() + QLatin1Char(' ') + d.tableList()->item(r, 1)->text();
        QCOMPARE(listed, (QStringList{QStringLiteral("company 19"), QStringLiteral("employment 5"), QStringLiteral("people 7")}));
        QVERIFY2(d.status().contains(QStringLiteral("3 tables with 31 rows")), qPrintable(d.status()));
        QVERIFY(ok->isEnabled());
        saveShot(&d, which == 0 ? QStringLiteral("server-import-postgres.png") : QStringLiteral("server-import-mariadb.png"));
        d.tableList()->item(0, 0)->setCheckState(Qt::Unchecked);
        QCOMPARE(d.pickedTables(), (QStringList{QStringLiteral("employment"), QStringLiteral("people")}));
        // The location carries the password in memory, and never in what it shows.
        QCOMPARE(d.location().password, QString::fromLatin1(test::TestServer::Password));
        QVERIFY(!d.location().describe().contains(QLatin1String(test::TestServer::Password)));
        // A changed field: list again before importing.
        d.databaseField()->setText(QStringLiteral("other"));
        emit d.databaseField()->textEdited(QStringLiteral("other"));
        QVERIFY(!ok->isEnabled());
        QCOMPARE(d.tableList()->rowCount(), 0);
        // The fields are remembered (not the password).
        ServerImportDialog again(s->dialect());
        QCOMPARE(again.hostField()->text(), s->socket());
        QCOMPARE(again.userField()->text(), QStringLiteral("assay"));
        QVERIFY(again.passwordField()->text().isEmpty());
    }

    void importRunsAsJobAndUndoes()
    {
        if (!m_problems[0].isEmpty())
            QSKIP(qPrintable(m_problems[0]));
        MainWindow w;
        w.show();
        QVERIFY(w.newProject(m_dir.filePath(QStringLiteral("server.assay"))));
        QSignalSpy imported(&w, &MainWindow::knowledgeImported);
        w.importFlow()->importServer(m_postgres.location(QStringLiteral("company")), {}, false);
        QVERIFY(imported.wait(30000));
        const KnowledgeBase *kb = w.project()->service<KnowledgeBase>();
        QCOMPARE(kb->tables().size(), 3);
        MessageBar *bar = w.schemaEditor()->messageBar();
        QVERIFY2(bar->text().contains(QStringLiteral("Imported 3 knowledge tables from PostgreSQL assay@")), qPrintable(bar->text()));
        QVERIFY2(bar->text().contains(QStringLiteral("Column types: ")) && bar->text().contains(QStringLiteral("integer → INTEGER")), qPrintable(bar->text()));
        QVERIFY(!bar->text().contains(QLatin1String(test::TestServer::Password)));
        // The Schema page says where its tables came from.
        auto *source = w.schemaEditor()->findChild<QLabel *>(QStringLiteral("schemaSource"));
        QVERIFY(source && source->isVisible());
        QVERIFY2(source->text().startsWith(QStringLiteral("Imported from PostgreSQL assay@")), qPrintable(source->text()));
        w.resize(1366, 768);
        QCoreApplication::processEvents();
        // The page fits the laptop screen with the import's message shown (no sideways scrolling).
        auto *scroll = qobject_cast<QScrollArea *>(w.pages()->parentWidget() ? w.pages()->parentWidget()->parentWidget() : nullptr);
        QVERIFY(scroll);
        QVERIFY2(w.schemaEditor()->minimumSizeHint().width() <= scroll->viewport()->width(),
                 qPrintable(QStringLiteral("the Schema page needs %1 px, has %2").arg(w.schemaEditor()->minimumSizeHint().width()).arg(scroll->viewport()->width())));
        saveShot(&w, QStringLiteral("server-import-schema.png"));
        w.project()->undoStack()->undo();
        QCOMPARE(kb->tables().size(), 0);
        w.project()->undoStack()->redo();
        QCOMPARE(kb->tables().size(), 3);

        // A wrong password: the error is shown, the project keeps its tables.
        QSignalSpy errors(&w, &MainWindow::errorShown);
        ServerLocation wrong = m_postgres.location(QStringLiteral("company"));
        wrong.password = QStringLiteral("wrong");
        w.importFlow()->importServer(wrong, {}, true);
        QVERIFY(errors.wait(30000));
        QVERIFY2(errors.constFirst().at(0).toString().contains(QStringLiteral("check the user and password")), qPrintable(errors.constFirst().at(0).toString()));
        QCOMPARE(kb->tables().size(), 3);
        for (auto *box : w.findChildren<QMessageBox *>())
            box->close();
    }

    // Linked from the GUI (both servers): the dialog's link box, the structure only, a check
    // job that reads the row counts and a preview off the GUI thread, SQL templates generated
    // on the server from the Generate action; then the server "moves": Check Again says it
    // cannot be reached and every stored result stays.
    void linkedFromTheGui_data() { dialogListsTablesWithRowCounts_data(); }
    void linkedFromTheGui()
    {
        QFETCH(int, which);
        if (!m_problems[which].isEmpty())
            QSKIP(qPrintable(m_problems[which]));
        test::TestServer *s = server(which);
        {
            ServerImportDialog d(s->dialect());
            QVERIFY(d.linkBox()->isVisible() || !d.isVisible());
            QVERIFY(!d.timeoutField()->isEnabled());
            d.linkBox()->setChecked(true);
            QCOMPARE(d.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->text(), QStringLiteral("&Link"));
            QVERIFY(d.linkRequested());
            // The statement timeout goes into the stored URI when it is not the default.
            QVERIFY(d.timeoutField()->isEnabled());
            QCOMPARE(d.location().timeoutSeconds, 0);
            d.timeoutField()->setValue(30);
            QCOMPARE(d.location().timeoutSeconds, 30);
            fill(d, s, QString());
            QVERIFY2(d.location().uri().endsWith(QStringLiteral("&timeout=30")), qPrintable(d.location().uri()));
        }
        MainWindow w;
        w.show();
        w.resize(1366, 768);
        QVERIFY(w.newProject(m_dir.filePath(QStringLiteral("linked-%1.assay").arg(which))));
        KnowledgeBase *kb = w.project()->service<KnowledgeBase>();
        QSignalSpy imported(&w, &MainWindow::knowledgeImported);
        QSignalSpy checked(kb, &KnowledgeBase::linkChecked);
        w.importFlow()->importServer(s->location(QStringLiteral("company")), {}, true, true);
        QVERIFY(imported.wait(30000));
        QVERIFY(kb->isRemote());
        QCOMPARE(kb->tables().size(), 3);
        QVERIFY(!kb->linkedPath().contains(QLatin1String(test::TestServer::Password)));
        QVERIFY(checked.count() > 0 || checked.wait(30000));
        QVERIFY2(kb->linkState().reachable(), qPrintable(kb->linkState().error));
        w.resize(1366, 768);
        QCoreApplication::processEvents();
        MessageBar *bar = w.schemaEditor()->messageBar();
        QVERIFY2(bar->text().contains(QStringLiteral("Linked 3 knowledge tables read-only from")), qPrintable(bar->text()));
        auto *source = w.schemaEditor()->findChild<QLabel *>(QStringLiteral("schemaSource"));
        QVERIFY(source && source->isVisible());
        QVERIFY2(source->text().contains(QStringLiteral("the rows stay on the server")), qPrintable(source->text()));
        w.schemaEditor()->selectTable(kb->tableNamed(QStringLiteral("people"))->id);
        QCoreApplication::processEvents();
        QCOMPARE(w.schemaEditor()->rowsView()->model()->rowCount(), 7);
        QCOMPARE(kb->rowCount(kb->tableNamed(QStringLiteral("company"))->id).value(), qint64(19));
        saveShot(&w, which == 0 ? QStringLiteral("server-link-schema.png") : QStringLiteral("server-link-schema-mariadb.png"));

        GenerationActions *gen = w.generationActions();
        QSignalSpy generated(gen, &GenerationActions::jobFinished);
        QVERIFY(gen->startSqlTemplates({}));
        QVERIFY(generated.wait(120000));
        QVERIFY2(generated.last().at(0).toBool(), qPrintable(generated.last().at(1).toString()));
        auto stats = GenerationStore(w.project()->database()).stats();
        QVERIFY(stats);
        QVERIFY(stats.value().sqlTemplates > 20);
        QVERIFY(stats.value().sqlQueries > 0);

        // The server moves away: the stored link names a socket where none listens.
        {
            const QString moved = kb->linkedPath().replace(QString::fromUtf8(QUrl::toPercentEncoding(s->socket(), "/")), QStringLiteral("/nonexistent/socket"));
            QVERIFY(moved != kb->linkedPath());
            QVERIFY(kb->setSource(KnowledgeBase::Source::Linked, moved, QStringLiteral("test")).ok());
            QVERIFY(kb->reload().ok());
        }
        checked.clear();
        QVERIFY(checked.wait(30000));
        QVERIFY(!kb->linkState().reachable());
        w.navigator()->setCurrentPage(ProjectNavigator::Schema);
        QCoreApplication::processEvents();
        QVERIFY2(bar->isVisible() && bar->text().contains(QStringLiteral("Cannot reach the linked server")), qPrintable(bar->text()));
        QVERIFY2(bar->text().contains(QStringLiteral("/nonexistent/socket")), qPrintable(bar->text()));
        QCOMPARE(bar->buttonTexts(), (QStringList{QStringLiteral("Check Again"), QStringLiteral("Password…")}));
        // The table's one problem says its rows are not checked (and the others' are counted).
        QCOMPARE(w.schemaEditor()->problemsView()->count(), 2);
        QVERIFY2(w.schemaEditor()->problemsView()->item(0)->text().startsWith(QStringLiteral("The rows on the linked server cannot be read")),
                 qPrintable(w.schemaEditor()->problemsView()->item(0)->text()));
        auto after = GenerationStore(w.project()->database()).stats();
        QVERIFY(after);
        QCOMPARE(after.value().sqlQueries, stats.value().sqlQueries);
        QCOMPARE(after.value().sqlTemplates, stats.value().sqlTemplates);
        saveShot(&w, which == 0 ? QStringLiteral("server-link-unreachable.png") : QStringLiteral("server-link-unreachable-mariadb.png"));
    }

    // Cancelled while rows stream in: no error, the project as before.
    void cancelLeavesProjectUnchanged()
    {
        if (!m_problems[0].isEmpty())
            QSKIP(qPrintable(m_problems[0]));
        QVERIFY(m_postgres.createDatabase(QStringLiteral("many")));
        {
            QSqlDatabase d = m_postgres.connect(QStringLiteral("many"), QStringLiteral("many-load"));
            QSqlQuery q(d);
            QVERIFY2(q.exec(QStringLiteral("CREATE TABLE facts AS SELECT i AS id, 'fact ' || i AS label FROM generate_series(1, 400000) AS i")),
                     qPrintable(q.lastError().text()));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("many-load"));
        MainWindow w;
        w.show();
        QVERIFY(w.newProject(m_dir.filePath(QStringLiteral("cancel.assay"))));
        QSignalSpy errors(&w, &MainWindow::errorShown);
        w.importFlow()->importServer(m_postgres.location(QStringLiteral("many")), {}, false);
        Job *job = w.importFlow()->job();
        QVERIFY(job);
        QSignalSpy progress(job, &Job::progressChanged);
        QSignalSpy finished(job, &Job::finished);
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.constLast().at(0).toLongLong() > 0, 30000);
        job->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 30000); // from the worker thread
        QCOMPARE(finished.constFirst().at(0).toBool(), false);
        QCoreApplication::processEvents();
        QVERIFY2(errors.isEmpty(), "a cancel is no error");
        QCOMPARE(w.project()->service<KnowledgeBase>()->tables().size(), 0);
        QVERIFY(!w.project()->undoStack()->canUndo());
    }
};

ASSAY_TEST_MAIN(TestServerImportDialog)

} // namespace tst_serverimportdialog
#include "tst_serverimportdialog.moc"
