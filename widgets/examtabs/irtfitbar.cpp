#include "examtabs/irtfitbar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace assay {

IrtFitBar::IrtFitBar(QWidget *parent) : QWidget(parent)
{
    buildBoxes();
    auto labelled = [this](const QString &text, QWidget *box) {
        auto *label = new QLabel(text, this);
        label->setBuddy(box);
        return label;
    };
    auto *modelRow = new QHBoxLayout;
    modelRow->addWidget(labelled(tr("&Model:"), m_model));
    modelRow->addWidget(m_model);
    modelRow->addWidget(labelled(tr("&Bounds:"), m_bounds));
    modelRow->addWidget(m_bounds);
    modelRow->addWidget(labelled(tr("E&stimator:"), m_estimator));
    modelRow->addWidget(m_estimator);
    modelRow->addStretch(1);
    m_actionRow = new QHBoxLayout;
    m_actionRow->addWidget(m_hierarchical);
    m_actionRow->addStretch(1);
    auto *improveRow = new QHBoxLayout;
    for (QWidget *w : std::initializer_list<QWidget *>{m_steps, m_dropRule, m_quantile})
        improveRow->addWidget(w);
    improveRow->addStretch(1);
    m_lastRow = new QHBoxLayout;
    for (QWidget *w : std::initializer_list<QWidget *>{m_infoFrom, m_infoTo, m_twoAbilities})
        m_lastRow->addWidget(w);
    m_lastRow->addStretch(1);
    auto *rows = new QVBoxLayout(this);
    rows->setContentsMargins(0, 0, 0, 0);
    for (QHBoxLayout *row : {modelRow, m_actionRow, improveRow, m_lastRow})
        rows->addLayout(row);
    connect(m_dropRule, &QComboBox::currentIndexChanged, this, &IrtFitBar::showRule);
    showRule();
}

void IrtFitBar::addToActionRow(QWidget *widget, int stretch) { m_actionRow->insertWidget(m_actionRow->count() - 1, widget, stretch); }

void IrtFitBar::addToLastRow(QWidget *widget, int stretch) { m_lastRow->insertWidget(m_lastRow->count() - 1, widget, stretch); }

void IrtFitBar::showRule()
{
    const QString rule = m_dropRule->currentData().toString();
    m_quantile->setVisible(rule != QLatin1String("misfit"));
    m_infoFrom->setVisible(rule == QLatin1String("information"));
    m_infoTo->setVisible(rule == QLatin1String("information"));
}

IrtOptions::Model IrtFitBar::modelOf(const QString &name)
{
    auto model = IrtOptions::modelFromName(name);
    return model ? model.value() : IrtOptions::Model::ThreePL;
}

Result<IrtFitBar::Request> IrtFitBar::request() const
{
    using R = Result<Request>;
    Request r;
    r.options.autoModel = m_model->currentText() == QLatin1String("auto");
    r.options.model = modelOf(m_model->currentText());
    r.options.bounds = m_bounds->currentText();
    r.options.hierarchical = m_hierarchical->isChecked();
    r.options.dimensions = m_twoAbilities->isChecked() ? 2 : 1;
    if (auto e = r.options.setEstimator(m_estimator->currentData().toString()); !e)
        return R::failure(e.error());
    r.steps = m_steps->value();
    r.rule = IrtDropRule(m_quantile->value());
    if (auto kind = IrtDropRule::kindFromName(m_dropRule->currentData().toString()))
        r.rule.kind = kind.value();
    r.rule.from = m_infoFrom->value(), r.rule.to = m_infoTo->value();
    if (r.rule.kind == IrtDropRule::Kind::LowInformation && r.rule.from >= r.rule.to)
        return R::failure(tr("The θ range for low information must run from low to high (now %1 to %2).").arg(r.rule.from).arg(r.rule.to));
    return r;
}

bool IrtFitBar::show(const nlohmann::json &settings)
{
    if (!settings.is_object())
        return false;
    const auto text = [&](const char *key) { return settings.contains(key) && settings[key].is_string() ? QString::fromStdString(settings[key].get<std::string>()) : QString(); };
    const auto number = [&](const char *key, double fallback) { return settings.contains(key) && settings[key].is_number() ? settings[key].get<double>() : fallback; };
    if (const int at = m_model->findText(text("model")); at >= 0)
        m_model->setCurrentIndex(at);
    if (const int at = m_bounds->findText(text("bounds")); at >= 0)
        m_bounds->setCurrentIndex(at);
    if (const int at = m_estimator->findData(text("estimator")); at >= 0)
        m_estimator->setCurrentIndex(at);
    m_hierarchical->setChecked(settings.contains("hierarchical") && settings["hierarchical"].is_boolean() && settings["hierarchical"].get<bool>());
    m_twoAbilities->setChecked(number("dimensions", 1) >= 2);
    m_steps->setValue(int(number("steps", 0)));
    if (const int at = m_dropRule->findData(text("drop")); at >= 0)
        m_dropRule->setCurrentIndex(at);
    m_quantile->setValue(number("quantile", m_quantile->value()));
    m_infoFrom->setValue(number("from", m_infoFrom->value()));
    m_infoTo->setValue(number("to", m_infoTo->value()));
    return true;
}

void IrtFitBar::buildBoxes()
{
    m_model = new QComboBox(this);
    m_model->addItems({QStringLiteral("auto"), QStringLiteral("3pl"), QStringLiteral("2pl"), QStringLiteral("1pl")});
    m_model->setToolTip(tr("3PL: P = c + (1 − c)·σ(a(θ − b)); 2PL fixes c = 0; 1PL also a = 1;\nauto: fit all three and keep the one BIC prefers"));
    m_bounds = new QComboBox(this);
    m_bounds->addItems({QStringLiteral("default"), QStringLiteral("exam-paper")});
    m_bounds->setToolTip(tr("default: a ∈ [0.25, 4], b ∈ [−4, 4], c ∈ [0, 0.5], θ ∈ [−4, 4]\n"
                            "exam-paper: a ∈ [0.5, 1.5], b ∈ [0.01, 1], c ∈ [0.2, 0.4], θ ∈ [−3, 3]"));
    m_hierarchical = new QCheckBox(tr("Abilities per factor level"), this);
    m_hierarchical->setToolTip(tr("θ of a taker = sum of the abilities of its LLM, retriever, k and ICL levels"));
    m_twoAbilities = new QCheckBox(tr("Compare two abilities"), this);
    m_twoAbilities->setObjectName(QStringLiteral("irtTwoAbilities"));
    m_twoAbilities->setToolTip(tr("Also fit a model with two abilities (a compensatory 2PL by marginal ML: P = σ(a₁θ₁ + a₂θ₂ + d))\n"
                                  "and compare it with the one-ability 2PL by AIC, BIC and the likelihood-ratio test.\n"
                                  "Worth it when the Summary says the responses have a second dimension; it takes longer than the fit itself."));
    m_estimator = new QComboBox(this);
    m_estimator->setObjectName(QStringLiteral("irtEstimator"));
    m_estimator->addItem(tr("joint ML"), QStringLiteral("jml"));
    m_estimator->addItem(tr("priors"), QStringLiteral("bayes-modal"));
    m_estimator->addItem(tr("marginal ML"), QStringLiteral("mml"));
    m_estimator->setToolTip(tr("The estimator.\njoint ML: items and abilities maximise the likelihood together.\n"
                               "priors: Bayes modal — θ ~ N(0, 1), log a ~ N(0, 0.5²), b ~ N(0, 2²), c ~ Beta(6, 16); joint ML of the 3PL "
                               "overfits small panels (tens of takers), the priors keep low takers off the θ bound and the c's off their lucky answers.\n"
                               "marginal ML: the items with θ integrated over N(0, 1) (consistent as takers grow), abilities as "
                               "posterior means with posterior SDs; flat models only."));
    m_steps = new QSpinBox(this);
    m_steps->setRange(0, 20);
    m_steps->setPrefix(tr("improve "));
    m_steps->setSuffix(tr(" step(s)"));
    m_steps->setToolTip(tr("After the first fit, drop the items whose a is at or below the quantile and refit, this many times"));
    m_quantile = new QDoubleSpinBox(this);
    m_quantile->setRange(0, 1);
    m_quantile->setSingleStep(0.05);
    m_quantile->setValue(0.1);
    m_quantile->setPrefix(tr("quantile "));
    m_quantile->setToolTip(tr("The quantile (0–1 scale) of a, or of the mean information, at or below which a step drops items"));
    m_dropRule = new QComboBox(this);
    m_dropRule->setObjectName(QStringLiteral("irtDropRule"));
    m_dropRule->addItem(tr("drop low a"), QStringLiteral("a"));
    m_dropRule->addItem(tr("drop misfit"), QStringLiteral("misfit"));
    m_dropRule->addItem(tr("drop low information"), QStringLiteral("information"));
    m_dropRule->setToolTip(tr("What each improvement step drops: the least discriminating items, the items whose S-X² rejects "
                              "(p adjusted < 0.05), or the items with the least mean information over the θ range"));
    m_infoFrom = new QDoubleSpinBox(this);
    m_infoTo = new QDoubleSpinBox(this);
    for (QDoubleSpinBox *box : {m_infoFrom, m_infoTo}) {
        box->setRange(-4, 4);
        box->setSingleStep(0.5);
        box->setDecimals(1);
        box->setToolTip(tr("The θ range whose mean information counts"));
    }
    m_infoFrom->setPrefix(tr("θ from "));
    m_infoFrom->setValue(-3);
    m_infoTo->setPrefix(tr("to "));
    m_infoTo->setValue(3);
}

} // namespace assay
