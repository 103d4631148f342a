#include "demo/democorpus.h"

#include "io/filewriter.h"
#include "schema/knowledgevalue.h"

#include <QDir>
#include <QHash>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace assay {

namespace {

// FNV-1a: a stable hash, so the same world always gives the same documents.
quint32 stableHash(const QString &text)
{
    quint32 h = 2166136261u;
    for (const char c : text.toUtf8()) {
        h ^= quint8(c);
        h *= 16777619u;
    }
    return h;
}

using Row = QHash<QString, QString>;

class Writer {
public:
    explicit Writer(const ImportedSchema &world)
    {
        for (const ImportedTable &t : world.tables) {
            QVector<Row> rows;
            for (const QVariantList &values : t.rows) {
                Row row;
                for (int i = 0; i < t.columns.size(); ++i)
                    row.insert(t.columns[i].name, KnowledgeValue::displayText(values.value(i)));
                rows.append(row);
            }
            m_tables.insert(t.name, rows);
        }
    }

    Status check() const
    {
        for (const char *t : {"offices", "employees", "clients", "projects"})
            if (!m_tables.contains(QLatin1String(t)))
                return Status::failure(QStringLiteral("the demo world lacks table %1").arg(QLatin1String(t)));
        return {};
    }

    void run()
    {
        makeFacts();
        omit();
        writeProjectReports();
        writeClientProfiles();
        writeStaffNotes();
    }

    QVector<DemoDocument> documents;
    QVector<DemoFact> facts;

private:
    QHash<QString, QVector<Row>> m_tables;
    QHash<QString, int> m_factIndex;

    const Row *find(const QString &table, const QString &key, const QString &value) const
    {
        for (const Row &r : m_tables[table])
            if (r.value(key) == value)
                return &r;
        return nullptr;
    }

    void add(const QString &table, const Row &row, const QString &keyColumn, const QString &subject,
             const QString &column, const QString &value)
    {
        DemoFact f;
        f.key = row.value(keyColumn).toLongLong();
        f.id = QStringLiteral("%1/%2/%3").arg(table).arg(f.key).arg(column);
        f.table = table;
        f.column = column;
        f.subject = subject;
        f.value = value;
        m_factIndex.insert(f.id, int(facts.size()));
        facts.append(f);
    }

    void makeFacts()
    {
        for (const Row &o : m_tables[QStringLiteral("offices")])
            for (const char *c : {"country", "opened", "desk_count"})
                add(QStringLiteral("offices"), o, QStringLiteral("office_id"), o[QStringLiteral("city")], QLatin1String(c), o[QLatin1String(c)]);
        for (const Row &e : m_tables[QStringLiteral("employees")]) {
            const Row *office = find(QStringLiteral("offices"), QStringLiteral("office_id"), e[QStringLiteral("office_id")]);
            for (const char *c : {"role", "hire_date", "specialty"})
                add(QStringLiteral("employees"), e, QStringLiteral("employee_id"), e[QStringLiteral("full_name")], QLatin1String(c), e[QLatin1String(c)]);
            add(QStringLiteral("employees"), e, QStringLiteral("employee_id"), e[QStringLiteral("full_name")], QStringLiteral("office_id"),
                office ? office->value(QStringLiteral("city")) : QString());
        }
        for (const Row &c : m_tables[QStringLiteral("clients")])
            for (const char *col : {"industry", "country", "client_since"})
                add(QStringLiteral("clients"), c, QStringLiteral("client_id"), c[QStringLiteral("name")], QLatin1String(col), c[QLatin1String(col)]);
        for (const Row &p : m_tables[QStringLiteral("projects")]) {
            const QString title = p[QStringLiteral("title")];
            const Row *client = find(QStringLiteral("clients"), QStringLiteral("client_id"), p[QStringLiteral("client_id")]);
            const Row *lead = find(QStringLiteral("employees"), QStringLiteral("employee_id"), p[QStringLiteral("lead_id")]);
            const Row *office = find(QStringLiteral("offices"), QStringLiteral("office_id"), p[QStringLiteral("office_id")]);
            add(QStringLiteral("projects"), p, QStringLiteral("project_id"), title, QStringLiteral("client_id"), client ? client->value(QStringLiteral("name")) : QString());
            add(QStringLiteral("projects"), p, QStringLiteral("project_id"), title, QStringLiteral("lead_id"), lead ? lead->value(QStringLiteral("full_name")) : QString());
            add(QStringLiteral("projects"), p, QStringLiteral("project_id"), title, QStringLiteral("office_id"), office ? office->value(QStringLiteral("city")) : QString());
            for (const char *c : {"budget_keur", "start_date", "status"})
                add(QStringLiteral("projects"), p, QStringLiteral("project_id"), title, QLatin1String(c), p[QLatin1String(c)]);
        }
    }

    // Per attribute, the facts with the smallest hashes are withheld from every document.
    void omit()
    {
        QHash<QString, QVector<int>> byAttribute;
        for (int i = 0; i < facts.size(); ++i)
            byAttribute[facts[i].table + QLatin1Char('.') + facts[i].column].append(i);
        for (auto it = byAttribute.begin(); it != byAttribute.end(); ++it) {
            QVector<int> ids = it.value();
            std::sort(ids.begin(), ids.end(), [this](int a, int b) { return stableHash(facts[a].id) < stableHash(facts[b].id); });
            const int count = std::max(1, int(ids.size()) * DemoCorpus::omittedPercent / 100);
            for (int k = 0; k < count; ++k)
                m_omitted.insert(facts[ids[k]].id);
        }
    }
    QSet<QString> m_omitted;

    bool stated(const QString &factId) const { return !m_omitted.contains(factId); }

    // Adds one of the phrasings ({s} = subject, {v} = value) for a fact, if it is not withheld.
    void say(DemoDocument &doc, const QString &factId, const QStringList &phrasings)
    {
        if (!stated(factId) || !m_factIndex.contains(factId))
            return;
        DemoFact &f = facts[m_factIndex[factId]];
        QString sentence = phrasings[int(stableHash(factId + doc.id) % quint32(phrasings.size()))];
        const bool vowel = !f.value.isEmpty() && QStringLiteral("aeiouAEIOU").contains(f.value.at(0));
        sentence.replace(QLatin1String("{a}"), vowel ? QStringLiteral("an") : QStringLiteral("a"));
        sentence.replace(QLatin1String("{s}"), f.subject).replace(QLatin1String("{v}"), f.value);
        doc.sentences << sentence;
        if (!f.documents.contains(doc.id))
            f.documents << doc.id;
    }

    // Adds sentences that state no fact; never the same one twice in a document.
    void filler(DemoDocument &doc, const QStringList &options, int count)
    {
        int index = int(stableHash(doc.id + QString::number(doc.sentences.size())) % quint32(options.size()));
        for (int added = 0; added < count && added < options.size();) {
            if (!doc.sentences.contains(options[index])) {
                doc.sentences << options[index];
                ++added;
            }
            index = (index + 1) % int(options.size());
        }
    }

    static QString pad(const QString &key, int width = 2) { return key.rightJustified(width, QLatin1Char('0')); }

    void writeProjectReports()
    {
        const QStringList fillers = {
            QStringLiteral("The scope covered site visits, desk studies and workshops with local stakeholders."),
            QStringLiteral("Findings were shared with the client in a series of review meetings."),
            QStringLiteral("Health and safety planning followed the cooperative's standard procedures."),
            QStringLiteral("Field data were archived in the shared document register."),
            QStringLiteral("Lessons learned will feed into future bids."),
            QStringLiteral("Permits were coordinated with the relevant local authority."),
        };
        for (const Row &p : m_tables[QStringLiteral("projects")]) {
            const QString key = p[QStringLiteral("project_id")];
            DemoDocument doc{QStringLiteral("report-p%1").arg(pad(key)), QStringLiteral("Project report: %1").arg(p[QStringLiteral("title")]), {}};
            const QString f = QStringLiteral("projects/%1/").arg(key);
            say(doc, f + QStringLiteral("client_id"), {QStringLiteral("{s} was commissioned by {v}."), QStringLiteral("The client behind {s} is {v}."),
                                                       QStringLiteral("{v} engaged Quillmoor for {s}.")});
            say(doc, f + QStringLiteral("lead_id"), {QStringLiteral("{v} leads {s}."), QStringLiteral("{s} is led by {v}."),
                                                     QStringLiteral("Day-to-day responsibility for {s} rests with {v}.")});
            filler(doc, fillers, 1);
            say(doc, f + QStringLiteral("office_id"), {QStringLiteral("{s} is run from the {v} office."), QStringLiteral("The {v} office delivers {s}.")});
            say(doc, f + QStringLiteral("budget_keur"), {QStringLiteral("The budget for {s} is {v} thousand euros."),
                                                         QStringLiteral("{s} carries a budget of {v} thousand euros.")});
            say(doc, f + QStringLiteral("start_date"), {QStringLiteral("Work on {s} started on {v}."), QStringLiteral("{s} began on {v}.")});
            say(doc, f + QStringLiteral("status"), {QStringLiteral("The status of {s} is {v}."), QStringLiteral("{s} is listed as {v}.")});
            filler(doc, fillers, 2);
            documents.append(doc);
        }
    }

    void writeClientProfiles()
    {
        const QStringList fillers = {
            QStringLiteral("The relationship is reviewed each year by the partners."),
            QStringLiteral("Framework terms were renegotiated after the first engagement."),
            QStringLiteral("Invoices are settled quarterly."),
        };
        for (const Row &c : m_tables[QStringLiteral("clients")]) {
            const QString key = c[QStringLiteral("client_id")];
            const QString name = c[QStringLiteral("name")];
            DemoDocument doc{QStringLiteral("client-c%1").arg(pad(key)), QStringLiteral("Client profile: %1").arg(name), {}};
            const QString f = QStringLiteral("clients/%1/").arg(key);
            say(doc, f + QStringLiteral("industry"), {QStringLiteral("{s} works in {v}."), QStringLiteral("{s} is a client from the {v} sector.")});
            say(doc, f + QStringLiteral("country"), {QStringLiteral("{s} is based in {v}."), QStringLiteral("The head office of {s} is in {v}.")});
            say(doc, f + QStringLiteral("client_since"), {QStringLiteral("{s} has been a client since {v}."),
                                                          QStringLiteral("The first contract with {s} was signed on {v}.")});
            // Several projects in one sentence: states each project's client and makes the
            // profile a distractor for questions about those projects.
            QStringList titles;
            for (const Row &p : m_tables[QStringLiteral("projects")]) {
                const QString factId = QStringLiteral("projects/%1/client_id").arg(p[QStringLiteral("project_id")]);
                if (p[QStringLiteral("client_id")] == key && stated(factId)) {
                    titles << p[QStringLiteral("title")];
                    DemoFact &fact = facts[m_factIndex[factId]];
                    fact.documents << doc.id;
                }
            }
            if (!titles.isEmpty()) {
                const QString list = titles.size() == 1 ? titles.constFirst()
                                                        : titles.mid(0, titles.size() - 1).join(QStringLiteral(", ")) +
                                                              QStringLiteral(" and ") + titles.constLast();
                doc.sentences << QStringLiteral("Quillmoor's work for %1 includes %2.").arg(name, list);
            }
            filler(doc, fillers, 1);
            documents.append(doc);
        }
    }

    void employeeSentences(DemoDocument &doc, const Row &e, bool withCity)
    {
        const QString f = QStringLiteral("employees/%1/").arg(e[QStringLiteral("employee_id")]);
        if (withCity)
            say(doc, f + QStringLiteral("office_id"), {QStringLiteral("{s} is based in the {v} office."), QStringLiteral("{s} works out of {v}.")});
        say(doc, f + QStringLiteral("role"), {QStringLiteral("{s} works as {a} {v}."), QStringLiteral("{s} holds the position of {v}.")});
        say(doc, f + QStringLiteral("specialty"), {QStringLiteral("{s} specialises in {v}."), QStringLiteral("The specialty of {s} is {v}.")});
        say(doc, f + QStringLiteral("hire_date"), {QStringLiteral("{s} joined Quillmoor on {v}."), QStringLiteral("{s} was hired on {v}.")});
    }

    void writeStaffNotes()
    {
        for (const Row &o : m_tables[QStringLiteral("offices")]) {
            const QString key = o[QStringLiteral("office_id")];
            DemoDocument doc{QStringLiteral("staff-o%1").arg(key), QStringLiteral("Staff notes: %1 office").arg(o[QStringLiteral("city")]), {}};
            const QString f = QStringLiteral("offices/%1/").arg(key);
            say(doc, f + QStringLiteral("country"), {QStringLiteral("The {s} office is in {v}."), QStringLiteral("{s} is the office in {v}.")});
            say(doc, f + QStringLiteral("opened"), {QStringLiteral("The {s} office opened on {v}."), QStringLiteral("{s} has been open since {v}.")});
            say(doc, f + QStringLiteral("desk_count"), {QStringLiteral("The {s} office has {v} desks."), QStringLiteral("There are {v} desks in {s}.")});
            for (const Row &e : m_tables[QStringLiteral("employees")])
                if (e[QStringLiteral("office_id")] == key && stated(QStringLiteral("employees/%1/office_id").arg(e[QStringLiteral("employee_id")])))
                    employeeSentences(doc, e, true);
            documents.append(doc);
        }
        // Staff whose office is withheld appear only here, with no office named.
        DemoDocument roving{QStringLiteral("staff-roving"), QStringLiteral("Staff notes: specialists across offices"), {}};
        for (const Row &e : m_tables[QStringLiteral("employees")])
            if (!stated(QStringLiteral("employees/%1/office_id").arg(e[QStringLiteral("employee_id")])))
                employeeSentences(roving, e, false);
        roving.sentences << QStringLiteral("Specialists rotate between sites as projects require.");
        documents.append(roving);
    }
};

} // namespace

Result<DemoCorpus> DemoCorpus::generate(const ImportedSchema &world)
{
    Writer writer(world);
    if (auto s = writer.check(); !s)
        return Result<DemoCorpus>::failure(s.error());
    writer.run();
    DemoCorpus corpus;
    corpus.m_documents = writer.documents;
    corpus.m_facts = writer.facts;
    return corpus;
}

const DemoFact *DemoCorpus::fact(const QString &id) const
{
    for (const DemoFact &f : m_facts)
        if (f.id == id)
            return &f;
    return nullptr;
}

nlohmann::json DemoCorpus::factsJson() const
{
    nlohmann::json facts = nlohmann::json::array();
    for (const DemoFact &f : m_facts) {
        nlohmann::json docs = nlohmann::json::array();
        for (const QString &d : f.documents)
            docs.push_back(d.toStdString());
        facts.push_back({{"id", f.id.toStdString()}, {"table", f.table.toStdString()}, {"key", f.key},
                         {"column", f.column.toStdString()}, {"subject", f.subject.toStdString()},
                         {"value", f.value.toStdString()}, {"documents", docs}, {"omitted", f.documents.isEmpty()}});
    }
    return {{"organisation", "Quillmoor Engineering Cooperative"}, {"omitted_percent", omittedPercent}, {"facts", facts}};
}

Status DemoCorpus::writeTo(const QString &dirPath) const
{
    QDir dir(dirPath);
    if (!dir.mkpath(QStringLiteral("corpus")))
        return Status::failure(QStringLiteral("%1: cannot create the corpus folder").arg(dir.filePath(QStringLiteral("corpus"))));
    for (const DemoDocument &d : m_documents)
        if (auto s = FileWriter::write(dir.filePath(QStringLiteral("corpus/%1.txt").arg(d.id)), d.text().toUtf8()); !s)
            return s;
    return FileWriter::write(dir.filePath(QStringLiteral("facts.json")), QByteArray::fromStdString(factsJson().dump(2)));
}

} // namespace assay
