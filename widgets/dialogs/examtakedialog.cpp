#include "dialogs/examtakedialog.h"

#include "exams/takerregistry.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <algorithm>

namespace assay {

namespace {
constexpr char CheckedKey[] = "exams/take/checked";
constexpr char AdaptiveKey[] = "exams/take/adaptive";
constexpr char SeKey[] = "exams/take/se";
constexpr char MaxKey[] = "exams/take/max";
} // namespace

ExamTakeDialog::ExamTakeDialog(const QString &exam, const QStringList &profiles, bool fitted, const QString &parentExam, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Take %1").arg(exam));
    QSettings settings;
    const bool remembered = settings.contains(QLatin1String(CheckedKey));
    const QStringList checkedBefore = settings.value(QLatin1String(CheckedKey)).toStringList();
    m_list = new QListWidget(this);
    const auto add = [&](const QString &spec, const QString &what, bool checked) {
        auto *item = new QListWidgetItem(QStringLiteral("%1 — %2").arg(spec, what), m_list);
        item->setToolTip(item->text());
        item->setData(Qt::UserRole, spec);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState((remembered ? checkedBefore.contains(spec) : checked) ? Qt::Checked : Qt::Unchecked);
    };
    for (const TakerKind *kind : TakerRegistry::instance().kinds())
        if (kind->offered)
            for (const QString &spec : kind->offered(profiles))
                add(spec, kind->description, kind->checkedByDefault);
    // What follows a whole take: the model is refitted on it, or (a short form's take) it is
    // estimated on the parent.
    const QString after = parentExam.isEmpty()
                              ? tr("Fit IRT afterwards to include them in the model.")
                              : tr("%1 is a short form of %2: each take's estimated accuracy on the whole of %2 — through the fitted model, and plain (its share "
                                   "correct with a binomial interval, no model) — appears on the Short forms & adaptive tab.")
                                    .arg(exam, parentExam);
    const QString whole = tr("Each checked student answers every accepted item; its answers are stored as one take, "
                             "replacing an earlier take of the same student. %1").arg(after);
    auto *about = new QLabel(whole, this);
    about->setObjectName(QStringLiteral("takeAbout"));
    about->setWordWrap(true);
    m_adaptive = new QCheckBox(tr("Adaptive"), this);
    m_adaptive->setObjectName(QStringLiteral("adaptiveTake"));
    m_adaptive->setEnabled(fitted);
    // Rich text, so the tooltip wraps.
    m_adaptive->setToolTip(fitted ? tr("<p>Give each student one item at a time, the most informative at its current ability, and stop once its "
                                       "ability is known to the SE set here (or after the item limit): a few percent of the LLM calls of the whole exam.</p>")
                                  : tr("<p>Adaptive takes need the exam's IRT model: take it whole with a panel of students first, then Fit IRT.</p>"));
    m_se = new QDoubleSpinBox(this);
    m_se->setRange(0.05, 0.95);
    m_se->setSingleStep(0.05);
    m_se->setValue(settings.value(QLatin1String(SeKey), 0.3).toDouble());
    m_se->setPrefix(tr("stop at SE(θ) ≤ "));
    m_max = new QSpinBox(this);
    m_max->setRange(1, 100000);
    m_rememberedMax = settings.value(QLatin1String(MaxKey), 200).toInt();
    m_max->setValue(m_rememberedMax);
    m_max->setPrefix(tr("or after "));
    m_max->setSuffix(tr(" items"));
    m_twoDim = new QCheckBox(tr("on two abilities"), this);
    m_twoDim->setObjectName(QStringLiteral("twoDimTake"));
    setTwoDimensional(false);
    for (QWidget *w : {static_cast<QWidget *>(m_se), static_cast<QWidget *>(m_max)})
        w->setEnabled(false);
    // The explanation follows the choice: an adaptive take answers a few items, not all.
    const QString estimatedOn = parentExam.isEmpty() ? tr("the whole exam") : tr("the whole of %1").arg(parentExam);
    const auto explain = [this, about, whole, estimatedOn] {
        if (!m_adaptive->isChecked())
            return about->setText(whole);
        about->setText(m_twoDim->isEnabled() && m_twoDim->isChecked()
                           ? tr("Each checked student answers one item at a time, the one that tells most about both abilities at once, until "
                                "both SEs reach the target or the maximum of items; stored as one take named \u201c<student> @adaptive-2d\u201d "
                                "and estimated on the model with two abilities. It appears on the Short forms & adaptive tab.")
                           : tr("Each checked student answers one item at a time, the most informative at its current ability, until its "
                                "SE reaches the target or the maximum of items; stored as one take named \u201c<student> @adaptive\u201d. "
                                "Its estimated accuracy on %1 appears on the Short forms & adaptive tab.").arg(estimatedOn));
    };
    connect(m_adaptive, &QCheckBox::toggled, about, explain);
    connect(m_twoDim, &QCheckBox::toggled, about, explain);
    connect(m_adaptive, &QCheckBox::toggled, m_se, &QWidget::setEnabled);
    connect(m_adaptive, &QCheckBox::toggled, m_max, &QWidget::setEnabled);
    connect(m_adaptive, &QCheckBox::toggled, m_twoDim, [this](bool on) { m_twoDim->setEnabled(on && m_twoDimAvailable); });
    auto *adaptiveRow = new QHBoxLayout;
    adaptiveRow->addWidget(m_adaptive);
    adaptiveRow->addWidget(m_se);
    adaptiveRow->addWidget(m_max);
    adaptiveRow->addWidget(m_twoDim);
    adaptiveRow->addStretch(1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Take"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // Check all / none, and how many are checked: a panel of dozens is picked in two clicks.
    auto *all = new QPushButton(tr("Check all"), this);
    auto *none = new QPushButton(tr("Check none"), this);
    all->setObjectName(QStringLiteral("checkAll"));
    none->setObjectName(QStringLiteral("checkNone"));
    auto *count = new QLabel(this);
    const auto setAll = [this](Qt::CheckState state) {
        for (int i = 0; i < m_list->count(); ++i)
            m_list->item(i)->setCheckState(state);
    };
    connect(all, &QPushButton::clicked, this, [setAll] { setAll(Qt::Checked); });
    connect(none, &QPushButton::clicked, this, [setAll] { setAll(Qt::Unchecked); });
    const auto update = [this, buttons, count] {
        const int checked = int(students().size());
        count->setText(tr("%1 of %2 students checked").arg(checked).arg(m_list->count()));
        buttons->button(QDialogButtonBox::Ok)->setEnabled(checked > 0);
    };
    connect(m_list, &QListWidget::itemChanged, this, update);
    update();
    auto *checkRow = new QHBoxLayout;
    checkRow->addWidget(all);
    checkRow->addWidget(none);
    checkRow->addStretch(1);
    checkRow->addWidget(count);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(about);
    layout->addLayout(checkRow);
    layout->addWidget(m_list, 1);
    layout->addLayout(adaptiveRow);
    layout->addWidget(buttons);
    m_adaptive->setChecked(fitted && settings.value(QLatin1String(AdaptiveKey), false).toBool());
    resize(520, 440);
}

void ExamTakeDialog::accept()
{
    QSettings settings;
    settings.setValue(QLatin1String(CheckedKey), students());
    if (m_adaptive->isEnabled())
        settings.setValue(QLatin1String(AdaptiveKey), m_adaptive->isChecked());
    settings.setValue(QLatin1String(SeKey), m_se->value());
    // A maximum clamped to a small exam's items is not the user's choice for the next exam.
    if (!(m_max->value() == m_max->maximum() && m_rememberedMax > m_max->maximum()))
        settings.setValue(QLatin1String(MaxKey), m_max->value());
    QDialog::accept();
}

void ExamTakeDialog::setTwoDimensional(bool available, const QString &whyNot)
{
    m_twoDimAvailable = available;
    m_twoDim->setEnabled(available && m_adaptive->isChecked());
    if (!available)
        m_twoDim->setChecked(false);
    m_twoDim->setToolTip(available ? tr("<p>Run the adaptive test on the exam's model with two abilities (its last fit compared them): each item is "
                                        "the one that tells most about both, and the take is estimated on that model.</p>")
                         : !whyNot.isEmpty() ? QStringLiteral("<p>%1</p>").arg(whyNot.toHtmlEscaped())
                                             : tr("<p>Needs a fit that compared two abilities: on the IRT tab below tick <i>Compare two abilities</i> "
                                                  "and click <i>Fit IRT</i>.</p>"));
}

void ExamTakeDialog::setItemCount(int items)
{
    if (items < 1)
        return;
    m_max->setMaximum(items);
    m_max->setValue(std::min(m_rememberedMax, items));
    m_max->setToolTip(tr("At most this many items (the exam has %1)").arg(items));
}

QStringList ExamTakeDialog::students() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->checkState() == Qt::Checked)
            out << m_list->item(i)->data(Qt::UserRole).toString();
    return out;
}

bool ExamTakeDialog::adaptive() const { return m_adaptive->isEnabled() && m_adaptive->isChecked(); }

IrtAdaptiveRule ExamTakeDialog::rule() const
{
    IrtAdaptiveRule r;
    r.se = m_se->value();
    r.maxItems = m_max->value();
    r.dimensions = m_twoDim->isEnabled() && m_twoDim->isChecked() ? 2 : 1;
    return r;
}

} // namespace assay
