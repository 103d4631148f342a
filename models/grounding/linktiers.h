#pragma once
// Spot-checked evidence tiers (docs/METHODS.md §1.6.4). The automatic proposals come in tiers
// of evidence, one per confidence (1.00, 0.75, 0.40, …). Instead of reviewing a tier's links
// one by one, a person checks a random sample of it; the tier's precision is estimated from
// the verdicts with a Wilson 95% interval, and the tier can then be accepted as a whole, each
// link recording the estimate it was accepted on.
#include "grounding/groundlink.h"

#include <QString>
#include <QVector>

#include <optional>

#include <nlohmann/json_fwd.hpp>

namespace assay {

class LinkTiers {
public:
    struct Tier {
        QString name;          // the confidence, two decimals: "0.40"
        double confidence = 0;
        qint64 waiting = 0;    // proposed, unchecked
        qint64 accepted = 0;   // accepted without a check (above the minimum, or with the tier)
        qint64 rejected = 0;   // rejected without a check
        qint64 right = 0;      // checked: right
        qint64 wrong = 0;      // checked: wrong
        double low = 0, high = 1; // Wilson 95% interval of right / (right + wrong)
        qint64 checked() const { return right + wrong; }
        double precision() const { return checked() ? double(right) / double(checked()) : 0; }
        qint64 total() const { return waiting + accepted + rejected + right + wrong; }
    };

    static QString tierOf(double confidence);
    // What a tier's links have in evidence, from the rule that gives its confidence
    // (AutoLinker, PathFacts): "one sentence states the answer with every fill-in value".
    static QString evidenceOf(double confidence);
    // The tiers of the automatic links (a links file's are not tiered), highest confidence first.
    static QVector<Tier> of(const QVector<GroundLink> &links);
    // The tier of that name, if any automatic link has its confidence.
    static std::optional<Tier> find(const QVector<GroundLink> &links, const QString &name);
    // Up to `count` unchecked proposed links of the tier, drawn at random (the same seed, the
    // same draw), in the order drawn.
    static QVector<GroundLink> sample(const QVector<GroundLink> &links, const QString &tier, int count, quint32 seed);
    // The link with a person's verdict: right → accepted, wrong → rejected; none leaves it.
    static GroundLink checked(GroundLink link, GroundLink::Check verdict);
    // Every unchecked proposed link of the tier, accepted, with the tier's estimate recorded;
    // none while no link of the tier has been checked.
    static QVector<GroundLink> acceptTier(const QVector<GroundLink> &links, const QString &tier);
    // A spot-check file of the sample: group, doc_id, tier, answer, values, the group's SQL (its
    // placeholders name the values' columns), evidence and an
    // empty verdict column for the person to fill in (right, wrong or skip; LinksFile reads it).
    static QByteArray sampleCsv(const QVector<GroundLink> &sample);
    // [{"tier", "confidence", "evidence", "waiting", "accepted", "rejected", "right", "wrong", "precision", "ci"}]
    static nlohmann::json toJson(const QVector<Tier> &tiers);
    // "18 of 20 checked right: precision 0.90 (95% 0.70–0.97)", or that none was checked.
    static QString estimateText(const Tier &tier);
};

} // namespace assay
