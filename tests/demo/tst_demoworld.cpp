// The demo world and its documents: table sizes and keys, FK integrity, facts grounded in the
// rows, every withheld fact absent from every document, every stated fact present in each of
// its documents, distractor documents, determinism.
#include "testmain.h"
#include "demo/democorpus.h"
#include "demo/demoproject.h"
#include "demo/demoworld.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"
#include "testdemo.h"
#include "testsettings.h"

#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_demoworld {

using namespace assay;

namespace {
bool mentions(const QString &sentence, const QString &phrase)
{
    const QRegularExpression re(QStringLiteral("(?<!\\w)%1(?!\\w)").arg(QRegularExpression::escape(phrase)),
                                QRegularExpression::CaseInsensitiveOption);
    return re.match(sentence).hasMatch();
}

QStringList sentencesOf(const DemoDocument &d) { return QStringList{d.title} + d.sentences; }
} // namespace

class TestDemoWorld : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;
    DemoCorpus m_corpus;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        m_project = test::openDemoProject(m_dir);
        QVERIFY(m_project);
        auto corpus = DemoCorpus::generate(DemoWorld::load().value());
        QVERIFY2(corpus.ok(), qPrintable(corpus.error()));
        m_corpus = corpus.take();
    }

    void tablesRowsAndKeys()
    {
        const KnowledgeBase *kb = m_project->service<KnowledgeBase>();
        QVERIFY(kb->tables().size() >= 4);
        qint64 total = 0;
        QSet<QString> types;
        int foreignKeys = 0;
        for (const KnowledgeTable &t : kb->tables()) {
            total += kb->rowCount(t.id).value();
            int pks = 0;
            for (const KnowledgeColumn &c : t.columns) {
                pks += c.primaryKey;
                foreignKeys += c.foreignKey != 0;
                types.insert(c.type);
                QVERIFY2(!c.description.isEmpty() || c.primaryKey, qPrintable(t.name + QLatin1Char('.') + c.name));
            }
            QCOMPARE(pks, 1);
            QVERIFY(!t.description.isEmpty());
        }
        QVERIFY(total >= 60);
        QVERIFY(foreignKeys >= 4);
        QVERIFY(types.contains(QStringLiteral("TEXT")));
        QVERIFY(types.contains(QStringLiteral("INTEGER")));
        QVERIFY(types.contains(QStringLiteral("DATE")));
    }

    void foreignKeysResolve()
    {
        const KnowledgeBase *kb = m_project->service<KnowledgeBase>();
        auto conn = KnowledgeConnection::open(*kb);
        QVERIFY(conn.ok());
        for (const KnowledgeTable &t : kb->tables()) {
            for (const KnowledgeColumn &c : t.columns) {
                if (!c.foreignKey)
                    continue;
                const KnowledgeColumn *target = kb->column(c.foreignKey);
                const QString sql = QStringLiteral("SELECT count(*) FROM \"%1\" s WHERE NOT EXISTS (SELECT 1 FROM \"%2\" t WHERE t.\"%3\" = s.\"%4\")")
                                        .arg(t.name, kb->table(target->tableId)->name, target->name, c.name);
                auto dangling = conn.value().query(sql);
                QVERIFY2(dangling.ok(), qPrintable(dangling.error()));
                QCOMPARE(dangling.value().rows[0][0].toInt(), 0);
            }
        }
    }

    void factsAreGroundedInTheRows()
    {
        auto conn = KnowledgeConnection::open(*m_project->service<KnowledgeBase>());
        const QHash<QString, QPair<QString, QString>> joins = {
            {QStringLiteral("projects.client_id"), {QStringLiteral("clients"), QStringLiteral("name")}},
            {QStringLiteral("projects.lead_id"), {QStringLiteral("employees"), QStringLiteral("full_name")}},
            {QStringLiteral("projects.office_id"), {QStringLiteral("offices"), QStringLiteral("city")}},
            {QStringLiteral("employees.office_id"), {QStringLiteral("offices"), QStringLiteral("city")}},
        };
        const KnowledgeBase *kb = m_project->service<KnowledgeBase>();
        for (const DemoFact &f : m_corpus.facts()) {
            const KnowledgeTable *t = kb->tableNamed(f.table);
            QString pk;
            for (const KnowledgeColumn &c : t->columns)
                if (c.primaryKey)
                    pk = c.name;
            QString sql;
            const QString key = f.table + QLatin1Char('.') + f.column;
            if (joins.contains(key)) {
                const auto [target, label] = joins[key];
                const KnowledgeColumn *fk = kb->column(t->columnNamed(f.column)->foreignKey);
                sql = QStringLiteral("SELECT x.%1 FROM %2 s JOIN %3 x ON x.%4 = s.%5 WHERE s.%6 = ?")
                          .arg(label, f.table, target, fk->name, f.column, pk);
            } else {
                sql = QStringLiteral("SELECT %1 FROM %2 WHERE %3 = ?").arg(f.column, f.table, pk);
            }
            auto r = conn.value().query(sql, {f.key});
            QVERIFY2(r.ok(), qPrintable(r.error()));
            QCOMPARE(r.value().rows.size(), 1);
            QCOMPARE(r.value().rows[0][0].toString(), f.value);
        }
    }

    void enoughDocumentsWithUniqueIds()
    {
        QVERIFY(m_corpus.documents().size() >= 30);
        QSet<QString> ids;
        for (const DemoDocument &d : m_corpus.documents()) {
            QVERIFY(!ids.contains(d.id));
            ids.insert(d.id);
            QVERIFY(d.sentences.size() >= 2);
        }
    }

    void everyAttributeWithholdsSomeFacts()
    {
        QHash<QString, QPair<int, int>> perAttribute; // omitted, total
        for (const DemoFact &f : m_corpus.facts()) {
            auto &p = perAttribute[f.table + QLatin1Char('.') + f.column];
            p.first += f.documents.isEmpty();
            ++p.second;
        }
        QVERIFY(perAttribute.size() >= 15);
        for (auto it = perAttribute.begin(); it != perAttribute.end(); ++it) {
            QVERIFY2(it.value().first >= 1, qPrintable(it.key()));
            QVERIFY2(it.value().first <= it.value().second / 4 + 1, qPrintable(it.key()));
        }
    }

    void omittedFactsAreAbsentEverywhere()
    {
        int omitted = 0;
        for (const DemoFact &f : m_corpus.facts()) {
            if (!f.documents.isEmpty())
                continue;
            ++omitted;
            for (const DemoDocument &d : m_corpus.documents())
                for (const QString &s : sentencesOf(d))
                    QVERIFY2(!(mentions(s, f.subject) && mentions(s, f.value)),
                             qPrintable(QStringLiteral("%1 leaks in %2: %3").arg(f.id, d.id, s)));
        }
        QVERIFY(omitted >= 10);
    }

    void statedFactsArePresentInTheirDocuments()
    {
        QHash<QString, const DemoDocument *> byId;
        for (const DemoDocument &d : m_corpus.documents())
            byId.insert(d.id, &d);
        int multiDocument = 0;
        for (const DemoFact &f : m_corpus.facts()) {
            multiDocument += f.documents.size() > 1;
            for (const QString &id : f.documents) {
                QVERIFY2(byId.contains(id), qPrintable(id));
                bool found = false;
                for (const QString &s : sentencesOf(*byId[id]))
                    found = found || (mentions(s, f.subject) && mentions(s, f.value));
                QVERIFY2(found, qPrintable(QStringLiteral("%1 is not stated in %2").arg(f.id, id)));
            }
        }
        QVERIFY(multiDocument >= 5); // some facts are stated twice (report and client profile)
    }

    void someDocumentsMentionSeveralEntities()
    {
        QSet<QString> projects;
        for (const DemoFact &f : m_corpus.facts())
            if (f.table == QLatin1String("projects"))
                projects.insert(f.subject);
        int distractors = 0;
        for (const DemoDocument &d : m_corpus.documents()) {
            int mentioned = 0;
            for (const QString &p : std::as_const(projects))
                mentioned += mentions(d.text(), p);
            distractors += mentioned >= 2;
        }
        QVERIFY(distractors >= 3);
    }

    void generationIsDeterministic()
    {
        auto again = DemoCorpus::generate(DemoWorld::load().value());
        QCOMPARE(again.value().documents().size(), m_corpus.documents().size());
        for (int i = 0; i < m_corpus.documents().size(); ++i)
            QCOMPARE(again.value().documents()[i].text(), m_corpus.documents()[i].text());
        QCOMPARE(again.value().factsJson().dump(), m_corpus.factsJson().dump());
    }
};

ASSAY_TEST_GUILESS_MAIN(TestDemoWorld)

} // namespace tst_demoworld
#include "tst_demoworld.moc"
