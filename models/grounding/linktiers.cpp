#include "grounding/linktiers.h"

#include "core/wilsoninterval.h"
#include "io/csvdocument.h"

#include <QMap>
#include <QStringList>
#include <QRandomGenerator>

#include <algorithm>

#include <nlohmann/json.hpp>

namespace assay {

QString LinkTiers::tierOf(double confidence)
{
    return QString::number(confidence, 'f', 2);
}

QString LinkTiers::evidenceOf(double confidence)
{
    const QString tier = tierOf(confidence);
    if (tier == QLatin1String("1.00"))
        return QStringLiteral("one sentence states the answer with every fill-in value");
    if (confidence > 0.6 - 1e-9)
        return QStringLiteral("one sentence states the answer with some of the fill-in values");
    if (tier == QLatin1String("0.55"))
        return QStringLiteral("a sentence states the answer as a fact of its row, and every fill-in value is stated in a sentence naming that row "
                              "or a row the text ties to it (through a join, or about the same row)");
    if (tier == QLatin1String("0.50"))
        return QStringLiteral("a sentence states the answer as a fact of its row (a question without fill-in values)");
    if (tier == QLatin1String("0.45"))
        return QStringLiteral("a sentence states the answer as a fact of its row, and some of the fill-in values are stated in sentences naming "
                              "that row or a row the text ties to it");
    if (tier == QLatin1String("0.40"))
        return QStringLiteral("the chunk states the answer and a fill-in value, in different sentences");
    if (tier == QLatin1String("0.35"))
        return QStringLiteral("a document key's document of a row on the group's join path (or its subject) that does not state the answer");
    if (tier == QLatin1String("0.30"))
        return QStringLiteral("the chunk states the answer (a question without fill-in values)");
    return QStringLiteral("links proposed with confidence %1").arg(tier);
}

QVector<LinkTiers::Tier> LinkTiers::of(const QVector<GroundLink> &links)
{
    QMap<QString, Tier> byName;
    for (const GroundLink &l : links) {
        if (l.source != GroundLink::Source::Auto)
            continue;
        Tier &t = byName[tierOf(l.confidence)];
        t.name = tierOf(l.confidence);
        t.confidence = t.name.toDouble();
        if (l.check == GroundLink::Check::Right)
            ++t.right;
        else if (l.check == GroundLink::Check::Wrong)
            ++t.wrong;
        else if (l.state == GroundLink::State::Proposed)
            ++t.waiting;
        else if (l.state == GroundLink::State::Accepted)
            ++t.accepted;
        else
            ++t.rejected;
    }
    QVector<Tier> out;
    for (auto it = byName.begin(); it != byName.end(); ++it) {
        Tier t = it.value();
        if (t.checked())
            std::tie(t.low, t.high) = wilsonInterval(t.right, t.checked());
        out.prepend(t); // QMap orders "0.30" < "1.00": highest first
    }
    return out;
}

std::optional<LinkTiers::Tier> LinkTiers::find(const QVector<GroundLink> &links, const QString &name)
{
    for (const Tier &t : of(links))
        if (t.name == name)
            return t;
    return std::nullopt;
}

QVector<GroundLink> LinkTiers::sample(const QVector<GroundLink> &links, const QString &tier, int count, quint32 seed)
{
    QVector<GroundLink> pool;
    for (const GroundLink &l : links)
        if (l.source == GroundLink::Source::Auto && l.state == GroundLink::State::Proposed && l.check == GroundLink::Check::None && tierOf(l.confidence) == tier)
            pool << l;
    // A partial Fisher–Yates shuffle: the first `count` places hold a uniform draw.
    QRandomGenerator random(seed);
    const qsizetype n = std::min<qsizetype>(std::max(count, 0), pool.size());
    for (qsizetype i = 0; i < n; ++i)
        std::swap(pool[i], pool[i + qsizetype(random.bounded(quint32(pool.size() - i)))]);
    pool.resize(n);
    return pool;
}

GroundLink LinkTiers::checked(GroundLink link, GroundLink::Check verdict)
{
    if (verdict == GroundLink::Check::None)
        return link;
    link.check = verdict;
    link.state = verdict == GroundLink::Check::Right ? GroundLink::State::Accepted : GroundLink::State::Rejected;
    return link;
}

QVector<GroundLink> LinkTiers::acceptTier(const QVector<GroundLink> &links, const QString &tier)
{
    const auto summary = find(links, tier);
    if (!summary || summary->checked() == 0)
        return {}; // a tier is accepted on its spot check, never blind
    const QString estimate = QStringLiteral("tier %1: %2").arg(tier, estimateText(*summary));
    QVector<GroundLink> out;
    for (GroundLink l : links)
        if (l.source == GroundLink::Source::Auto && l.state == GroundLink::State::Proposed && l.check == GroundLink::Check::None && tierOf(l.confidence) == tier) {
            l.state = GroundLink::State::Accepted;
            l.estimate = estimate;
            out << l;
        }
    return out;
}

QByteArray LinkTiers::sampleCsv(const QVector<GroundLink> &sample)
{
    QString out = QStringLiteral("group,doc_id,tier,answer,values,sql,evidence,verdict\n");
    for (const GroundLink &l : sample)
        out += QStringList{QStringLiteral("g%1").arg(l.groupId), CsvDocument::field(l.docId), tierOf(l.confidence), CsvDocument::field(l.answer),
                           CsvDocument::field(l.values), CsvDocument::field(l.sql), CsvDocument::field(l.evidence), QString()}
                   .join(QLatin1Char(','))
               + QLatin1Char('\n');
    return out.toUtf8();
}

nlohmann::json LinkTiers::toJson(const QVector<Tier> &tiers)
{
    nlohmann::json out = nlohmann::json::array();
    for (const Tier &t : tiers)
        out.push_back({{"tier", t.name.toStdString()}, {"confidence", t.confidence}, {"evidence", evidenceOf(t.confidence).toStdString()}, {"waiting", t.waiting}, {"accepted", t.accepted}, {"rejected", t.rejected},
                       {"right", t.right}, {"wrong", t.wrong}, {"precision", t.checked() ? nlohmann::json(t.precision()) : nlohmann::json()},
                       {"ci", t.checked() ? nlohmann::json::array({t.low, t.high}) : nlohmann::json()}});
    return out;
}

QString LinkTiers::estimateText(const Tier &t)
{
    if (!t.checked())
        return QStringLiteral("not spot-checked");
    return QStringLiteral("%1 of %2 checked right: precision %3 (95% %4–%5)")
        .arg(t.right)
        .arg(t.checked())
        .arg(t.precision(), 0, 'f', 2)
        .arg(t.low, 0, 'f', 2)
        .arg(t.high, 0, 'f', 2);
}

} // namespace assay
