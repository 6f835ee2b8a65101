// A stand-in for <UIKit/UIKit.h> on Linux, for `clang -fsyntax-only -fobjc-arc` of generated Objective-C against
// GNUstep's Foundation headers. It declares the UIKit Dynamics API exactly as Apple's UIKit headers do (and the
// CoreGraphics and QuartzCore names that UIKit brings in), each with the UIKit name it stands for. The classes
// are implemented in `../UIKit.m`, which records what generated code does (`../Recording.h`) on GNUstep's
// Foundation. The instance variables are the stand-in's storage, not UIKit's API: Debian's GNUstep runs on GCC's
// Objective-C runtime, whose fragile ABI needs every instance variable in the class's interface.

#import <Foundation/Foundation.h>

// Foundation's NS_UNAVAILABLE, as Apple defines it (GNUstep defines it empty, so `- init NS_UNAVAILABLE` would
// still ask for an implementation).
#undef NS_UNAVAILABLE
#define NS_UNAVAILABLE __attribute__((unavailable))

NS_ASSUME_NONNULL_BEGIN

// MARK: CoreGraphics (CGGeometry.h, CGAffineTransform.h)

/// CoreGraphics `struct CGPoint`.
typedef struct CGPoint { CGFloat x; CGFloat y; } CGPoint;
/// CoreGraphics `struct CGSize`.
typedef struct CGSize { CGFloat width; CGFloat height; } CGSize;
/// CoreGraphics `struct CGVector`.
typedef struct CGVector { CGFloat dx; CGFloat dy; } CGVector;
/// CoreGraphics `struct CGRect`.
typedef struct CGRect { CGPoint origin; CGSize size; } CGRect;
/// CoreGraphics `struct CGAffineTransform`.
typedef struct CGAffineTransform { CGFloat a, b, c, d; CGFloat tx, ty; } CGAffineTransform;

/// CoreGraphics `CGPointMake`.
static inline CGPoint CGPointMake(CGFloat x, CGFloat y) { CGPoint p = {x, y}; return p; }
/// CoreGraphics `CGSizeMake`.
static inline CGSize CGSizeMake(CGFloat width, CGFloat height) { CGSize s = {width, height}; return s; }
/// CoreGraphics `CGVectorMake`.
static inline CGVector CGVectorMake(CGFloat dx, CGFloat dy) { CGVector v = {dx, dy}; return v; }
/// CoreGraphics `CGRectMake`.
static inline CGRect CGRectMake(CGFloat x, CGFloat y, CGFloat width, CGFloat height) {
    CGRect r = {{x, y}, {width, height}};
    return r;
}
/// CoreGraphics `const CGPoint CGPointZero`.
extern const CGPoint CGPointZero;
/// CoreGraphics `const CGRect CGRectZero`.
extern const CGRect CGRectZero;
/// CoreGraphics `CGAffineTransformMakeRotation(CGFloat angle)`.
extern CGAffineTransform CGAffineTransformMakeRotation(CGFloat angle);

// MARK: QuartzCore (CABase.h, CADisplayLink.h)

/// CoreFoundation `typedef double CFTimeInterval`.
typedef double CFTimeInterval;
/// QuartzCore `CFTimeInterval CACurrentMediaTime(void)`.
extern CFTimeInterval CACurrentMediaTime(void);

/// QuartzCore `@interface CADisplayLink : NSObject`.
@interface CADisplayLink : NSObject {
@public
    id _target;
    SEL _selector;
    BOOL _scheduled;
    BOOL _invalidated;
    BOOL _paused;
    CFTimeInterval _timestamp;
}
/// QuartzCore `+ (CADisplayLink *)displayLinkWithTarget:(id)target selector:(SEL)sel`.
+ (CADisplayLink *)displayLinkWithTarget:(id)target selector:(SEL)sel;
/// QuartzCore `- (void)addToRunLoop:(NSRunLoop *)runloop forMode:(NSRunLoopMode)mode`.
- (void)addToRunLoop:(NSRunLoop *)runloop forMode:(NSRunLoopMode)mode;
/// QuartzCore `- (void)invalidate`.
- (void)invalidate;
/// QuartzCore `@property(readonly, nonatomic) CFTimeInterval timestamp`.
@property (readonly, nonatomic) CFTimeInterval timestamp;
/// QuartzCore `@property(getter=isPaused, nonatomic) BOOL paused`.
@property (getter=isPaused, nonatomic) BOOL paused;
@end

// MARK: UIKit geometry (UIGeometry.h)

/// UIKit `struct UIOffset`.
typedef struct UIOffset { CGFloat horizontal, vertical; } UIOffset;
/// UIKit `UIOffsetMake`.
static inline UIOffset UIOffsetMake(CGFloat horizontal, CGFloat vertical) { UIOffset o = {horizontal, vertical}; return o; }
/// UIKit `struct UIEdgeInsets`.
typedef struct UIEdgeInsets { CGFloat top, left, bottom, right; } UIEdgeInsets;
/// UIKit `UIEdgeInsetsMake`.
static inline UIEdgeInsets UIEdgeInsetsMake(CGFloat top, CGFloat left, CGFloat bottom, CGFloat right) {
    UIEdgeInsets insets = {top, left, bottom, right};
    return insets;
}
/// UIKit `struct UIFloatRange` (iOS 9).
typedef struct UIFloatRange { CGFloat minimum; CGFloat maximum; } UIFloatRange;
/// UIKit `UIFloatRangeMake` (iOS 9).
static inline UIFloatRange UIFloatRangeMake(CGFloat minimum, CGFloat maximum) {
    UIFloatRange range = {minimum, maximum};
    return range;
}

/// UIKit `@interface NSValue (NSValueUIGeometryExtensions)`.
@interface NSValue (NSValueUIGeometryExtensions)
/// UIKit `+ (NSValue *)valueWithCGPoint:(CGPoint)point`.
+ (NSValue *)valueWithCGPoint:(CGPoint)point;
/// UIKit `@property(nonatomic, readonly) CGPoint CGPointValue`.
@property (nonatomic, readonly) CGPoint CGPointValue;
@end

// MARK: UIKit views (UIColor.h, UIBezierPath.h, UIView.h, UIDynamicBehavior.h)

/// UIKit `@interface UIColor : NSObject`.
@interface UIColor : NSObject {
@public
    CGFloat _red, _green, _blue, _alpha;
}
/// UIKit `+ (UIColor *)colorWithRed:(CGFloat)red green:(CGFloat)green blue:(CGFloat)blue alpha:(CGFloat)alpha`.
+ (UIColor *)colorWithRed:(CGFloat)red green:(CGFloat)green blue:(CGFloat)blue alpha:(CGFloat)alpha;
@end

/// UIKit `@interface UIBezierPath : NSObject`.
@interface UIBezierPath : NSObject {
@public
    NSMutableArray *_points;
    BOOL _closed;
}
/// UIKit `+ (instancetype)bezierPath`.
+ (instancetype)bezierPath;
/// UIKit `- (void)moveToPoint:(CGPoint)point`.
- (void)moveToPoint:(CGPoint)point;
/// UIKit `- (void)addLineToPoint:(CGPoint)point`.
- (void)addLineToPoint:(CGPoint)point;
/// UIKit `- (void)closePath`.
- (void)closePath;
@end

/// UIKit `typedef NS_ENUM(NSUInteger, UIDynamicItemCollisionBoundsType)` (iOS 9).
typedef NS_ENUM(NSUInteger, UIDynamicItemCollisionBoundsType) {
    UIDynamicItemCollisionBoundsTypeRectangle,
    UIDynamicItemCollisionBoundsTypeEllipse,
    UIDynamicItemCollisionBoundsTypePath
};

/// UIKit `@protocol UIDynamicItem <NSObject>`.
@protocol UIDynamicItem <NSObject>
/// UIKit `@property (nonatomic, readwrite) CGPoint center`.
@property (nonatomic, readwrite) CGPoint center;
/// UIKit `@property (nonatomic, readonly) CGRect bounds`.
@property (nonatomic, readonly) CGRect bounds;
/// UIKit `@property (nonatomic, readwrite) CGAffineTransform transform`.
@property (nonatomic, readwrite) CGAffineTransform transform;
@optional
/// UIKit `@property (nonatomic, readonly) UIDynamicItemCollisionBoundsType collisionBoundsType` (iOS 9).
@property (nonatomic, readonly) UIDynamicItemCollisionBoundsType collisionBoundsType;
/// UIKit `@property (nonatomic, readonly) UIBezierPath *collisionBoundingPath` (iOS 9).
@property (nonatomic, readonly) UIBezierPath *collisionBoundingPath;
@end

/// UIKit `@interface UIView : UIResponder <…, UIDynamicItem>` (here on NSObject).
@interface UIView : NSObject <UIDynamicItem> {
@public
    CGRect _bounds;
    CGPoint _center;
    CGAffineTransform _transform;
    UIColor *_backgroundColor;
    NSMutableArray *_subviews;
    NSMutableArray *_gestureRecognizers;
}
/// UIKit `- (instancetype)initWithFrame:(CGRect)frame NS_DESIGNATED_INITIALIZER`.
- (instancetype)initWithFrame:(CGRect)frame NS_DESIGNATED_INITIALIZER;
/// UIKit `- (nullable instancetype)initWithCoder:(NSCoder *)coder NS_DESIGNATED_INITIALIZER`.
- (nullable instancetype)initWithCoder:(NSCoder *)coder NS_DESIGNATED_INITIALIZER;
/// UIKit `@property (nonatomic) CGRect bounds`.
@property (nonatomic) CGRect bounds;
/// UIKit `@property (nonatomic) CGPoint center`.
@property (nonatomic) CGPoint center;
/// UIKit `@property (nonatomic) CGAffineTransform transform`.
@property (nonatomic) CGAffineTransform transform;
/// UIKit `@property (nullable, nonatomic, copy) UIColor *backgroundColor`.
@property (nullable, nonatomic, copy) UIColor *backgroundColor;
/// UIKit `@property (nonatomic, readonly) UIDynamicItemCollisionBoundsType collisionBoundsType` (iOS 9).
@property (nonatomic, readonly) UIDynamicItemCollisionBoundsType collisionBoundsType;
/// UIKit `@property (nonatomic, readonly) UIBezierPath *collisionBoundingPath` (iOS 9).
@property (nonatomic, readonly) UIBezierPath *collisionBoundingPath;
/// UIKit `- (void)addSubview:(UIView *)view`.
- (void)addSubview:(UIView *)view;
/// UIKit `@property (nonatomic, readonly, copy) NSArray<__kindof UIView *> *subviews`.
@property (nonatomic, readonly, copy) NSArray<UIView *> *subviews;
/// UIKit `- (void)addGestureRecognizer:(UIGestureRecognizer *)gestureRecognizer`.
- (void)addGestureRecognizer:(id)gestureRecognizer;
/// UIKit `@property (nullable, nonatomic, copy) NSArray<__kindof UIGestureRecognizer *> *gestureRecognizers`.
@property (nullable, nonatomic, readonly, copy) NSArray *gestureRecognizers;
@end

/// UIKit `@interface UIViewController : UIResponder` (here on NSObject): its view, made on first use at the
/// stand-in's screen size (375×667), and the layout hooks, which the harness calls as UIKit would.
@interface UIViewController : NSObject {
@public
    UIView *_view;
}
/// UIKit `@property (null_resettable, nonatomic, strong) UIView *view`.
@property (nonatomic, strong) UIView *view;
/// UIKit `- (void)viewDidLoad`.
- (void)viewDidLoad;
/// UIKit `- (void)viewDidAppear:(BOOL)animated`.
- (void)viewDidAppear:(BOOL)animated;
/// UIKit `- (void)viewDidLayoutSubviews`.
- (void)viewDidLayoutSubviews;
@end

// MARK: UIKit gestures (UIGestureRecognizer.h, UIPanGestureRecognizer.h, UITapGestureRecognizer.h)

/// UIKit `typedef NS_ENUM(NSInteger, UIGestureRecognizerState)`.
typedef NS_ENUM(NSInteger, UIGestureRecognizerState) {
    UIGestureRecognizerStatePossible,
    UIGestureRecognizerStateBegan,
    UIGestureRecognizerStateChanged,
    UIGestureRecognizerStateEnded,
    UIGestureRecognizerStateCancelled,
    UIGestureRecognizerStateFailed,
    UIGestureRecognizerStateRecognized = UIGestureRecognizerStateEnded
};

/// UIKit `@interface UIGestureRecognizer : NSObject`.
@interface UIGestureRecognizer : NSObject {
@public
    NSMutableArray *_targets;
    UIGestureRecognizerState _state;
    CGPoint _location;
}
/// UIKit `- (instancetype)initWithTarget:(nullable id)target action:(nullable SEL)action NS_DESIGNATED_INITIALIZER`.
- (instancetype)initWithTarget:(nullable id)target action:(nullable SEL)action NS_DESIGNATED_INITIALIZER;
/// UIKit `- (void)addTarget:(id)target action:(SEL)action`.
- (void)addTarget:(id)target action:(SEL)action;
/// UIKit `- (void)removeTarget:(nullable id)target action:(nullable SEL)action`.
- (void)removeTarget:(nullable id)target action:(nullable SEL)action;
/// UIKit `@property (nonatomic, readonly) UIGestureRecognizerState state`.
@property (nonatomic, readonly) UIGestureRecognizerState state;
/// UIKit `- (CGPoint)locationInView:(nullable UIView *)view`.
- (CGPoint)locationInView:(nullable UIView *)view;
@end

/// UIKit `@interface UIPanGestureRecognizer : UIGestureRecognizer`.
@interface UIPanGestureRecognizer : UIGestureRecognizer
@end

/// UIKit `@interface UITapGestureRecognizer : UIGestureRecognizer`.
@interface UITapGestureRecognizer : UIGestureRecognizer
@end

// MARK: UIKit Dynamics (UIDynamicAnimator.h, UIDynamicBehavior.h and one header per behavior)

@class UIDynamicAnimator;

/// UIKit `@interface UIDynamicBehavior : NSObject`.
@interface UIDynamicBehavior : NSObject {
@public
    id _action;
    __unsafe_unretained UIDynamicAnimator *_dynamicAnimator;
    NSMutableArray *_assigned;
    NSString *_recordedId;
}
/// UIKit `@property (nullable, nonatomic, copy) void (^action)(void)`.
#if __has_feature(blocks)
@property (nullable, nonatomic, copy) void (^action)(void);
#endif
/// UIKit `@property (nullable, nonatomic, readonly) UIDynamicAnimator *dynamicAnimator`.
@property (nullable, nonatomic, readonly) UIDynamicAnimator *dynamicAnimator;
@end

/// UIKit `@protocol UIDynamicAnimatorDelegate <NSObject>`.
@protocol UIDynamicAnimatorDelegate <NSObject>
@optional
/// UIKit `- (void)dynamicAnimatorWillResume:(UIDynamicAnimator *)animator`.
- (void)dynamicAnimatorWillResume:(UIDynamicAnimator *)animator;
/// UIKit `- (void)dynamicAnimatorDidPause:(UIDynamicAnimator *)animator`.
- (void)dynamicAnimatorDidPause:(UIDynamicAnimator *)animator;
@end

/// UIKit `@interface UIDynamicAnimator : NSObject`.
@interface UIDynamicAnimator : NSObject {
@public
    __unsafe_unretained UIView *_referenceView;
    NSMutableArray *_behaviors;
    __unsafe_unretained id _delegate;
}
/// UIKit `- (instancetype)initWithReferenceView:(UIView *)view NS_DESIGNATED_INITIALIZER`.
- (instancetype)initWithReferenceView:(UIView *)view NS_DESIGNATED_INITIALIZER;
/// UIKit `- (void)addBehavior:(UIDynamicBehavior *)behavior`.
- (void)addBehavior:(UIDynamicBehavior *)behavior;
/// UIKit `- (void)removeBehavior:(UIDynamicBehavior *)behavior`.
- (void)removeBehavior:(UIDynamicBehavior *)behavior;
/// UIKit `@property (nullable, nonatomic, readonly) UIView *referenceView`.
@property (nullable, nonatomic, readonly) UIView *referenceView;
/// UIKit `@property (nullable, nonatomic, weak) id <UIDynamicAnimatorDelegate> delegate`.
@property (nullable, nonatomic, weak) id<UIDynamicAnimatorDelegate> delegate;
@end

/// UIKit `@interface UIGravityBehavior : UIDynamicBehavior`.
@interface UIGravityBehavior : UIDynamicBehavior {
@public
    NSMutableArray *_items;
    CGVector _gravityDirection;
    CGFloat _angle;
    CGFloat _magnitude;
}
/// UIKit `- (instancetype)initWithItems:(NSArray<id <UIDynamicItem>> *)items NS_DESIGNATED_INITIALIZER`.
- (instancetype)initWithItems:(NSArray<id<UIDynamicItem>> *)items NS_DESIGNATED_INITIALIZER;
/// UIKit `- (void)addItem:(id <UIDynamicItem>)item`.
- (void)addItem:(id<UIDynamicItem>)item;
/// UIKit `- (void)removeItem:(id <UIDynamicItem>)item`.
- (void)removeItem:(id<UIDynamicItem>)item;
/// UIKit `@property (nonatomic, readonly, copy) NSArray<id <UIDynamicItem>> *items`.
@property (nonatomic, readonly, copy) NSArray<id<UIDynamicItem>> *items;
/// UIKit `@property (readwrite, nonatomic) CGVector gravityDirection`.
@property (readwrite, nonatomic) CGVector gravityDirection;
/// UIKit `@property (readwrite, nonatomic) CGFloat angle`.
@property (readwrite, nonatomic) CGFloat angle;
/// UIKit `@property (readwrite, nonatomic) CGFloat magnitude`.
@property (readwrite, nonatomic) CGFloat magnitude;
/// UIKit `- (void)setAngle:(CGFloat)angle magnitude:(CGFloat)magnitude`.
- (void)setAngle:(CGFloat)angle magnitude:(CGFloat)magnitude;
@end

/// UIKit `typedef NS_OPTIONS(NSUInteger, UICollisionBehaviorMode)`.
typedef NS_OPTIONS(NSUInteger, UICollisionBehaviorMode) {
    UICollisionBehaviorModeItems = 1 << 0,
    UICollisionBehaviorModeBoundaries = 1 << 1,
    UICollisionBehaviorModeEverything = NSUIntegerMax
};

@class UICollisionBehavior;

/// UIKit `@protocol UICollisionBehaviorDelegate <NSObject>`.
@protocol UICollisionBehaviorDelegate <NSObject>
@optional
/// UIKit `collisionBehavior:beganContactForItem:withItem:atPoint:`.
- (void)collisionBehavior:(UICollisionBehavior *)behavior
      beganContactForItem:(id<UIDynamicItem>)item1
                 withItem:(id<UIDynamicItem>)item2
                  atPoint:(CGPoint)p;
/// UIKit `collisionBehavior:endedContactForItem:withItem:`.
- (void)collisionBehavior:(UICollisionBehavior *)behavior
      endedContactForItem:(id<UIDynamicItem>)item1
                 withItem:(id<UIDynamicItem>)item2;
/// UIKit `collisionBehavior:beganContactForItem:withBoundaryIdentifier:atPoint:`.
- (void)collisionBehavior:(UICollisionBehavior *)behavior
      beganContactForItem:(id<UIDynamicItem>)item
   withBoundaryIdentifier:(nullable id<NSCopying>)identifier
                  atPoint:(CGPoint)p;
/// UIKit `collisionBehavior:endedContactForItem:withBoundaryIdentifier:`.
- (void)collisionBehavior:(UICollisionBehavior *)behavior
      endedContactForItem:(id<UIDynamicItem>)item
   withBoundaryIdentifier:(nullable id<NSCopying>)identifier;
@end

/// UIKit `@interface UICollisionBehavior : UIDynamicBehavior`.
@interface UICollisionBehavior : UIDynamicBehavior {
@public
    NSMutableArray *_items;
    UICollisionBehaviorMode _collisionMode;
    BOOL _translatesReferenceBoundsIntoBoundary;
    NSMutableArray *_boundaries;
    __unsafe_unretained id _collisionDelegate;
}
/// UIKit `- (instancetype)initWithItems:(NSArray<id <UIDynamicItem>> *)items NS_DESIGNATED_INITIALIZER`.
- (instancetype)initWithItems:(NSArray<id<UIDynamicItem>> *)items NS_DESIGNATED_INITIALIZER;
/// UIKit `- (void)addItem:(id <UIDynamicItem>)item`.
- (void)addItem:(id<UIDynamicItem>)item;
/// UIKit `- (void)removeItem:(id <UIDynamicItem>)item`.
- (void)removeItem:(id<UIDynamicItem>)item;
/// UIKit `@property (nonatomic, readonly, copy) NSArray<id <UIDynamicItem>> *items`.
@property (nonatomic, readonly, copy) NSArray<id<UIDynamicItem>> *items;
/// UIKit `@property (nonatomic, readwrite) UICollisionBehaviorMode collisionMode`.
@property (nonatomic, readwrite) UICollisionBehaviorMode collisionMode;
/// UIKit `@property (nonatomic, readwrite) BOOL translatesReferenceBoundsIntoBoundary`.
@property (nonatomic, readwrite) BOOL translatesReferenceBoundsIntoBoundary;
/// UIKit `- (void)setTranslatesReferenceBoundsIntoBoundaryWithInsets:(UIEdgeInsets)insets`.
- (void)setTranslatesReferenceBoundsIntoBoundaryWithInsets:(UIEdgeInsets)insets;
/// UIKit `- (void)addBoundaryWithIdentifier:(id <NSCopying>)identifier forPath:(UIBezierPath *)bezierPath`.
- (void)addBoundaryWithIdentifier:(id<NSCopying>)identifier forPath:(UIBezierPath *)bezierPath;
/// UIKit `- (void)addBoundaryWithIdentifier:(id <NSCopying>)identifier fromPoint:(CGPoint)p1 toPoint:(CGPoint)p2`.
- (void)addBoundaryWithIdentifier:(id<NSCopying>)identifier fromPoint:(CGPoint)p1 toPoint:(CGPoint)p2;
/// UIKit `- (void)removeBoundaryWithIdentifier:(id <NSCopying>)identifier`.
- (void)removeBoundaryWithIdentifier:(id<NSCopying>)identifier;
/// UIKit `@property (nonatomic, weak, nullable) id <UICollisionBehaviorDelegate> collisionDelegate`.
@property (nonatomic, weak, nullable) id<UICollisionBehaviorDelegate> collisionDelegate;
@end

/// UIKit `@interface UIAttachmentBehavior : UIDynamicBehavior`.
@interface UIAttachmentBehavior : UIDynamicBehavior {
@public
    NSArray *_construction;
    NSArray *_items;
    CGPoint _anchorPoint;
    CGFloat _length;
    CGFloat _damping;
    CGFloat _frequency;
    CGFloat _frictionTorque;
    UIFloatRange _attachmentRange;
}
/// UIKit `- (instancetype)initWithItem:(id <UIDynamicItem>)item offsetFromCenter:(UIOffset)offset
/// attachedToAnchor:(CGPoint)point NS_DESIGNATED_INITIALIZER`.
- (instancetype)initWithItem:(id<UIDynamicItem>)item
            offsetFromCenter:(UIOffset)offset
            attachedToAnchor:(CGPoint)point NS_DESIGNATED_INITIALIZER;
/// UIKit `- (instancetype)initWithItem:(id <UIDynamicItem>)item1 offsetFromCenter:(UIOffset)offset1
/// attachedToItem:(id <UIDynamicItem>)item2 offsetFromCenter:(UIOffset)offset2 NS_DESIGNATED_INITIALIZER`.
- (instancetype)initWithItem:(id<UIDynamicItem>)item1
            offsetFromCenter:(UIOffset)offset1
              attachedToItem:(id<UIDynamicItem>)item2
            offsetFromCenter:(UIOffset)offset2 NS_DESIGNATED_INITIALIZER;
/// UIKit `+ (instancetype)slidingAttachmentWithItem:attachedToItem:attachmentAnchor:axisOfTranslation:` (iOS 9).
+ (instancetype)slidingAttachmentWithItem:(id<UIDynamicItem>)item1
                           attachedToItem:(id<UIDynamicItem>)item2
                         attachmentAnchor:(CGPoint)point
                        axisOfTranslation:(CGVector)axis;
/// UIKit `+ (instancetype)slidingAttachmentWithItem:attachmentAnchor:axisOfTranslation:` (iOS 9).
+ (instancetype)slidingAttachmentWithItem:(id<UIDynamicItem>)item
                         attachmentAnchor:(CGPoint)point
                        axisOfTranslation:(CGVector)axis;
/// UIKit `+ (instancetype)limitAttachmentWithItem:offsetFromCenter:attachedToItem:offsetFromCenter:` (iOS 9).
+ (instancetype)limitAttachmentWithItem:(id<UIDynamicItem>)item1
                       offsetFromCenter:(UIOffset)offset1
                         attachedToItem:(id<UIDynamicItem>)item2
                       offsetFromCenter:(UIOffset)offset2;
/// UIKit `+ (instancetype)fixedAttachmentWithItem:attachedToItem:attachmentAnchor:` (iOS 9).
+ (instancetype)fixedAttachmentWithItem:(id<UIDynamicItem>)item1
                         attachedToItem:(id<UIDynamicItem>)item2
                       attachmentAnchor:(CGPoint)point;
/// UIKit `+ (instancetype)pinAttachmentWithItem:attachedToItem:attachmentAnchor:` (iOS 9).
+ (instancetype)pinAttachmentWithItem:(id<UIDynamicItem>)item1
                       attachedToItem:(id<UIDynamicItem>)item2
                     attachmentAnchor:(CGPoint)point;
/// UIKit `@property (readwrite, nonatomic) CGPoint anchorPoint`.
@property (readwrite, nonatomic) CGPoint anchorPoint;
/// UIKit `@property (readwrite, nonatomic) CGFloat length`.
@property (readwrite, nonatomic) CGFloat length;
/// UIKit `@property (readwrite, nonatomic) CGFloat damping`.
@property (readwrite, nonatomic) CGFloat damping;
/// UIKit `@property (readwrite, nonatomic) CGFloat frequency`.
@property (readwrite, nonatomic) CGFloat frequency;
/// UIKit `@property (readwrite, nonatomic) CGFloat frictionTorque` (iOS 9).
@property (readwrite, nonatomic) CGFloat frictionTorque;
/// UIKit `@property (readwrite, nonatomic) UIFloatRange attachmentRange` (iOS 9).
@property (readwrite, nonatomic) UIFloatRange attachmentRange;
@end

/// UIKit `@interface UISnapBehavior : UIDynamicBehavior`.
@interface UISnapBehavior : UIDynamicBehavior {
@public
    id _item;
    CGPoint _point;
    CGPoint _snapPoint;
    CGFloat _damping;
}
/// UIKit `- (instancetype)initWithItem:(id <UIDynamicItem>)item snapToPoint:(CGPoint)point NS_DESIGNATED_INITIALIZER`.
- (instancetype)initWithItem:(id<UIDynamicItem>)item snapToPoint:(CGPoint)point NS_DESIGNATED_INITIALIZER;
/// UIKit `@property (nonatomic, assign) CGPoint snapPoint` (iOS 9).
@property (nonatomic, assign) CGPoint snapPoint;
/// UIKit `@property (nonatomic, assign) CGFloat damping`.
@property (nonatomic, assign) CGFloat damping;
@end

/// UIKit `typedef NS_ENUM(NSInteger, UIPushBehaviorMode)`.
typedef NS_ENUM(NSInteger, UIPushBehaviorMode) {
    UIPushBehaviorModeContinuous,
    UIPushBehaviorModeInstantaneous
};

/// UIKit `@interface UIPushBehavior : UIDynamicBehavior`.
@interface UIPushBehavior : UIDynamicBehavior {
@public
    NSMutableArray *_items;
    UIPushBehaviorMode _mode;
    BOOL _active;
    CGFloat _angle;
    CGFloat _magnitude;
    CGVector _pushDirection;
    NSMutableArray *_offsets;
}
/// UIKit `- (instancetype)initWithItems:(NSArray<id <UIDynamicItem>> *)items mode:(UIPushBehaviorMode)mode
/// NS_DESIGNATED_INITIALIZER`.
- (instancetype)initWithItems:(NSArray<id<UIDynamicItem>> *)items mode:(UIPushBehaviorMode)mode NS_DESIGNATED_INITIALIZER;
/// UIKit `- (void)addItem:(id <UIDynamicItem>)item`.
- (void)addItem:(id<UIDynamicItem>)item;
/// UIKit `- (void)removeItem:(id <UIDynamicItem>)item`.
- (void)removeItem:(id<UIDynamicItem>)item;
/// UIKit `@property (nonatomic, readonly, copy) NSArray<id <UIDynamicItem>> *items`.
@property (nonatomic, readonly, copy) NSArray<id<UIDynamicItem>> *items;
/// UIKit `- (void)setTargetOffsetFromCenter:(UIOffset)o forItem:(id <UIDynamicItem>)item`.
- (void)setTargetOffsetFromCenter:(UIOffset)o forItem:(id<UIDynamicItem>)item;
/// UIKit `@property (nonatomic, readonly) UIPushBehaviorMode mode`.
@property (nonatomic, readonly) UIPushBehaviorMode mode;
/// UIKit `@property (nonatomic, readwrite) BOOL active`.
@property (nonatomic, readwrite) BOOL active;
/// UIKit `@property (readwrite, nonatomic) CGFloat angle`.
@property (readwrite, nonatomic) CGFloat angle;
/// UIKit `@property (readwrite, nonatomic) CGFloat magnitude`.
@property (readwrite, nonatomic) CGFloat magnitude;
/// UIKit `@property (readwrite, nonatomic) CGVector pushDirection`.
@property (readwrite, nonatomic) CGVector pushDirection;
/// UIKit `- (void)setAngle:(CGFloat)angle magnitude:(CGFloat)magnitude`.
- (void)setAngle:(CGFloat)angle magnitude:(CGFloat)magnitude;
@end

/// UIKit `@interface UIDynamicItemBehavior : UIDynamicBehavior`.
@interface UIDynamicItemBehavior : UIDynamicBehavior {
@public
    NSMutableArray *_items;
    CGFloat _elasticity;
    CGFloat _friction;
    CGFloat _density;
    CGFloat _resistance;
    CGFloat _angularResistance;
    CGFloat _charge;
    BOOL _anchored;
    BOOL _allowsRotation;
    NSMutableArray *_linearVelocities;
    NSMutableArray *_angularVelocities;
}
/// UIKit `- (instancetype)initWithItems:(NSArray<id <UIDynamicItem>> *)items NS_DESIGNATED_INITIALIZER`.
- (instancetype)initWithItems:(NSArray<id<UIDynamicItem>> *)items NS_DESIGNATED_INITIALIZER;
/// UIKit `- (void)addItem:(id <UIDynamicItem>)item`.
- (void)addItem:(id<UIDynamicItem>)item;
/// UIKit `- (void)removeItem:(id <UIDynamicItem>)item`.
- (void)removeItem:(id<UIDynamicItem>)item;
/// UIKit `@property (nonatomic, readonly, copy) NSArray<id <UIDynamicItem>> *items`.
@property (nonatomic, readonly, copy) NSArray<id<UIDynamicItem>> *items;
/// UIKit `@property (readwrite, nonatomic) CGFloat elasticity`.
@property (readwrite, nonatomic) CGFloat elasticity;
/// UIKit `@property (readwrite, nonatomic) CGFloat friction`.
@property (readwrite, nonatomic) CGFloat friction;
/// UIKit `@property (readwrite, nonatomic) CGFloat density`.
@property (readwrite, nonatomic) CGFloat density;
/// UIKit `@property (readwrite, nonatomic) CGFloat resistance`.
@property (readwrite, nonatomic) CGFloat resistance;
/// UIKit `@property (readwrite, nonatomic) CGFloat angularResistance`.
@property (readwrite, nonatomic) CGFloat angularResistance;
/// UIKit `@property (readwrite, nonatomic) CGFloat charge` (iOS 9).
@property (readwrite, nonatomic) CGFloat charge;
/// UIKit `@property (nonatomic, getter = isAnchored) BOOL anchored` (iOS 9).
@property (nonatomic, getter=isAnchored) BOOL anchored;
/// UIKit `@property (readwrite, nonatomic) BOOL allowsRotation`.
@property (readwrite, nonatomic) BOOL allowsRotation;
/// UIKit `- (void)addLinearVelocity:(CGPoint)velocity forItem:(id <UIDynamicItem>)item`.
- (void)addLinearVelocity:(CGPoint)velocity forItem:(id<UIDynamicItem>)item;
/// UIKit `- (void)addAngularVelocity:(CGFloat)velocity forItem:(id <UIDynamicItem>)item`.
- (void)addAngularVelocity:(CGFloat)velocity forItem:(id<UIDynamicItem>)item;
@end

/// UIKit `@interface UIRegion : NSObject <NSCopying, NSCoding>` (iOS 9).
@interface UIRegion : NSObject {
@public
    CGFloat _radius;
    CGSize _size;
    NSInteger _shape;
}
/// UIKit `@property (class, nonatomic, readonly) UIRegion *infiniteRegion`.
@property (class, nonatomic, readonly) UIRegion *infiniteRegion;
/// UIKit `- (instancetype)initWithRadius:(CGFloat)radius`.
- (instancetype)initWithRadius:(CGFloat)radius;
/// UIKit `- (instancetype)initWithSize:(CGSize)size`.
- (instancetype)initWithSize:(CGSize)size;
@end

/// UIKit `@interface UIFieldBehavior : UIDynamicBehavior` (iOS 9).
@interface UIFieldBehavior : UIDynamicBehavior {
@public
    NSArray *_construction;
    NSMutableArray *_items;
    CGPoint _position;
    UIRegion *_region;
    CGFloat _strength;
    CGFloat _falloff;
    CGFloat _minimumRadius;
    CGVector _direction;
    CGFloat _smoothness;
    CGFloat _animationSpeed;
}
/// UIKit `- (void)addItem:(id <UIDynamicItem>)item`.
- (void)addItem:(id<UIDynamicItem>)item;
/// UIKit `- (void)removeItem:(id <UIDynamicItem>)item`.
- (void)removeItem:(id<UIDynamicItem>)item;
/// UIKit `@property (nonatomic, readonly, copy) NSArray<id <UIDynamicItem>> *items`.
@property (nonatomic, readonly, copy) NSArray<id<UIDynamicItem>> *items;
/// UIKit `@property (nonatomic, assign) CGPoint position`.
@property (nonatomic, assign) CGPoint position;
/// UIKit `@property (nonatomic, strong) UIRegion *region`.
@property (nonatomic, strong) UIRegion *region;
/// UIKit `@property (nonatomic, assign) CGFloat strength`.
@property (nonatomic, assign) CGFloat strength;
/// UIKit `@property (nonatomic, assign) CGFloat falloff`.
@property (nonatomic, assign) CGFloat falloff;
/// UIKit `@property (nonatomic, assign) CGFloat minimumRadius`.
@property (nonatomic, assign) CGFloat minimumRadius;
/// UIKit `@property (nonatomic, assign) CGVector direction`.
@property (nonatomic, assign) CGVector direction;
/// UIKit `@property (nonatomic, assign) CGFloat smoothness`.
@property (nonatomic, assign) CGFloat smoothness;
/// UIKit `@property (nonatomic, assign) CGFloat animationSpeed`.
@property (nonatomic, assign) CGFloat animationSpeed;
/// UIKit `+ (instancetype)dragField`.
+ (instancetype)dragField;
/// UIKit `+ (instancetype)vortexField`.
+ (instancetype)vortexField;
/// UIKit `+ (instancetype)radialGravityFieldWithPosition:(CGPoint)position`.
+ (instancetype)radialGravityFieldWithPosition:(CGPoint)position;
/// UIKit `+ (instancetype)linearGravityFieldWithVector:(CGVector)direction`.
+ (instancetype)linearGravityFieldWithVector:(CGVector)direction;
/// UIKit `+ (instancetype)velocityFieldWithVector:(CGVector)direction`.
+ (instancetype)velocityFieldWithVector:(CGVector)direction;
/// UIKit `+ (instancetype)noiseFieldWithSmoothness:(CGFloat)smoothness animationSpeed:(CGFloat)speed`.
+ (instancetype)noiseFieldWithSmoothness:(CGFloat)smoothness animationSpeed:(CGFloat)speed;
/// UIKit `+ (instancetype)turbulenceFieldWithSmoothness:(CGFloat)smoothness animationSpeed:(CGFloat)speed`.
+ (instancetype)turbulenceFieldWithSmoothness:(CGFloat)smoothness animationSpeed:(CGFloat)speed;
/// UIKit `+ (instancetype)springField`.
+ (instancetype)springField;
/// UIKit `+ (instancetype)electricField`.
+ (instancetype)electricField;
/// UIKit `+ (instancetype)magneticField`.
+ (instancetype)magneticField;
@end

NS_ASSUME_NONNULL_END
